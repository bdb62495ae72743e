import {
  planSave,
  type SaveServiceRequest,
  type ServiceConfigRecord,
} from '../../src/domain/service-config';

const request = (overrides: Partial<SaveServiceRequest> = {}): SaveServiceRequest => ({
  id: undefined,
  serviceType: 'jellyfin',
  name: 'Living room',
  baseUrl: 'http://jellyfin:8096',
  apiKey: 'k',
  enabled: true,
  isMain: undefined,
  timeoutSeconds: undefined,
  verifyTls: undefined,
  options: undefined,
  libraries: undefined,
  ...overrides,
});
const stored = (overrides: Partial<ServiceConfigRecord> = {}): ServiceConfigRecord => ({
  id: 1,
  serviceType: 'jellyfin',
  name: 'Living room',
  baseUrl: 'http://jellyfin:8096',
  apiKeyEncrypted: 'sealed',
  enabled: true,
  isMain: true,
  timeoutSeconds: 45,
  verifyTls: false,
  options: {},
  lastOkAt: null,
  lastError: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...overrides,
});

test('a new service needs a key; omitted fields keep stored values on update', () => {
  expect(planSave(null, request({ apiKey: undefined }))).toMatchObject({
    refusal: { status: 422, field: 'api_key' },
  });
  expect(planSave(stored(), request({ apiKey: undefined, id: 1 }))).toMatchObject({
    settings: { isMain: true, timeoutSeconds: 45, verifyTls: false },
  });
});

test('only an enabled media server can be main, and the main one is replaced, not demoted', () => {
  expect(planSave(null, request({ serviceType: 'radarr', isMain: true }))).toMatchObject({
    refusal: { status: 422, field: 'is_main' },
  });
  expect(planSave(null, request({ isMain: true, enabled: false }))).toMatchObject({
    refusal: { status: 422, field: 'is_main' },
  });
  expect(planSave(stored(), request({ id: 1, isMain: false }))).toMatchObject({
    refusal: { status: 409, code: 'main_server_conflict' },
  });
  expect(planSave(stored(), request({ id: 1, enabled: false }))).toMatchObject({
    refusal: { status: 409 },
  });
  expect(
    planSave(stored({ serviceType: 'radarr', isMain: false }), request({ id: 1 })),
  ).toMatchObject({ refusal: { field: 'service_type' } });
});

test('type options: Seerr clears requests by default; unknown options are dropped', () => {
  const seerr = planSave(null, request({ serviceType: 'seerr', options: { other: 1 } }));
  expect(seerr).toMatchObject({ settings: { options: { clear_request_on_delete: true } } });
  const radarr = planSave(null, request({ serviceType: 'radarr', options: { x: 1 } }));
  expect(radarr).toMatchObject({ settings: { options: {} } });
});

test('an update that moves the base URL to another origin needs the API key again', () => {
  const moveTo = (baseUrl: string, apiKey?: string) =>
    planSave(stored({ baseUrl: 'http://jellyfin:8096/jf' }), request({ id: 1, baseUrl, apiKey }));
  for (const baseUrl of ['https://jellyfin:8096', 'http://jellyfin:8097', 'http://evil:8096'])
    expect([baseUrl, moveTo(baseUrl)]).toMatchObject([
      baseUrl,
      { refusal: { status: 422, field: 'api_key' } },
    ]);
  expect(moveTo('http://evil:8096', 'new key')).toHaveProperty('settings');
  for (const baseUrl of ['http://JELLYFIN:8096/', 'http://jellyfin:8096/other/path'])
    expect(moveTo(baseUrl)).toMatchObject({ settings: { baseUrl } });
  expect(
    planSave(
      stored({ baseUrl: 'http://jellyfin/' }),
      request({ id: 1, baseUrl: 'http://jellyfin:80/x', apiKey: undefined }),
    ),
  ).toHaveProperty('settings');
});
