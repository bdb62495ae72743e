import type { Router } from 'express';
import { SERVICE_TYPES, type SaveServiceRequest } from '../domain/service-config';
import { Input, outboundUrlProblem, pathId, requireUser } from '@mcs/kit';
import type { ServiceSettingsService } from './service-settings.service';

/** Settings > Services (internal-api.md 6.2), administrators only. */
export function serviceSettingsRoutes(api: Router, services: ServiceSettingsService): void {
  api.get('/settings/services', async (_req, res) => {
    requireUser(res, 'admin');
    res.json(await services.list());
  });

  api.post('/settings/save/service', async (req, res) => {
    requireUser(res, 'admin');
    const outcome = await services.save(readSaveRequest(Input.body(req.body)));
    res.status(outcome.created ? 201 : 200).json(outcome.view);
  });

  api.delete('/settings/service/:service_config_id', async (req, res) => {
    requireUser(res, 'admin');
    res.json(await services.delete(pathId(req.params, 'service_config_id')));
  });
}

function readSaveRequest(body: Input): SaveServiceRequest {
  for (const name of ['service_type', 'name', 'base_url', 'enabled']) body.required(name);
  const request = {
    id: body.int('id', { min: 1 }),
    serviceType: body.oneOf('service_type', SERVICE_TYPES),
    name: body.string('name', { min: 1, max: 100 }),
    baseUrl: outboundUrl(body, 'base_url'),
    apiKey: body.string('api_key', { min: 1, max: 500 }),
    enabled: body.boolean('enabled'),
    isMain: body.boolean('is_main'),
    timeoutSeconds: body.int('timeout_seconds', { min: 5, max: 600 }),
    verifyTls: body.boolean('verify_tls'),
    options: body.object('options'),
    libraries: readLibraryFlags(body),
  };
  body.done();
  // After done(), every required field is present and valid.
  return request as SaveServiceRequest;
}

/** An http(s) URL we may send a stored credential to (no user-info, no metadata address). */
function outboundUrl(body: Input, name: string): string | undefined {
  const url = body.url(name);
  const problem = url === undefined ? null : outboundUrlProblem(url);
  return problem ? body.fail(name, problem.message) : url;
}

function readLibraryFlags(body: Input): { id: number; enabled: boolean }[] | undefined {
  const list = body.array('libraries');
  if (!list) return undefined;
  return list.flatMap((entry, index) => {
    const flag = entry as { id?: unknown; enabled?: unknown } | null;
    if (
      typeof flag?.id !== 'number' ||
      !Number.isSafeInteger(flag.id) ||
      flag.id < 1 ||
      typeof flag.enabled !== 'boolean'
    ) {
      body.fail(`libraries[${index}]`, 'Must be {id: positive integer, enabled: boolean}.');
      return [];
    }
    return [{ id: flag.id, enabled: flag.enabled }];
  });
}
