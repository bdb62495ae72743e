import {
  parseTemplate,
  percentEncode,
  render,
  TemplateSyntaxError,
  textOf,
  type TemplateTarget,
} from '../../src/domain/template';
import {
  type PathValues,
  type TemplateEvent,
  templateContext,
} from '../../src/domain/template-context';
import { deletedEvent, protectionEvent } from './samples';

const paths: PathValues = {
  path: '/media/Movie Name/file.mkv',
  localPath: '/data/Movie Name/file.mkv',
  destinationPath: null,
};

function run(
  template: string,
  target: TemplateTarget = 'body',
  event: TemplateEvent = deletedEvent(),
  mode: 'original' | 'local' | 'destination' = 'original',
  values: PathValues | null = paths,
): string {
  return render(parseTemplate(template), templateContext(event, values, mode), target);
}

test('placeholders are lowercase names; {{ and }} are literal braces', () => {
  expect(parseTemplate('a {id} {{b}} }}{{ {x_1}')).toEqual([
    { text: 'a ' },
    { key: 'id' },
    { text: ' {b} }{ ' },
    { key: 'x_1' },
  ]);
  expect(run('{{"id": {json_id}}}')).toBe('{"id": "e71f0c44-9b2a-4d3e-a6c5-0f1e2d3c4b5a"}');
});

test('every other use of a brace is a syntax error, so it is refused at save time', () => {
  for (const template of [
    '{a.b}',
    '{a[0]}',
    '{a!r}',
    '{a:>5}',
    '{}',
    '{A}',
    '{1a}',
    '{ id }',
    'x {id',
    'x } y',
    '{id}}',
  ])
    expect(() => parseTemplate(template)).toThrow(TemplateSyntaxError);
});

test('envelope, action, actor, object fields with and without prefix, links', () => {
  expect(run('{schema_version}|{id}|{type}|{occurred_at}|{action}')).toBe(
    '1|e71f0c44-9b2a-4d3e-a6c5-0f1e2d3c4b5a|candidate.deleted|2026-03-07T02:00:41.000Z|deleted',
  );
  expect(run('{actor_type}|{actor_id}|{candidate_id}|{title}|{candidate_title}|{tmdb_id}')).toBe(
    'system||1290|The Expanse S01E02|The Expanse S01E02|63639',
  );
  expect(run('{links_self}|{links_media}|{links_collection}')).toBe(
    '/api/v1/candidates/1290|/api/v1/series/88|',
  );
  expect(
    run('{action}|{protection_reason}|{reason}|{links_collection}|{id}', 'body', protectionEvent()),
  ).toBe(
    'removed|Rewatch planned|Rewatch planned|/api/v1/protections|a3c9e2f0-6b1d-4c8e-8f7a-2d4b6e8f0a12',
  );
});

test('values: numbers, booleans, null, arrays joined with commas, objects as compact JSON', () => {
  const event = deletedEvent({
    matched_rule_ids: [5, 9],
    blockers: ['protected'],
    lifecycle_reason: null,
  });
  expect(
    run(
      '{auto_delete_is_active}|{lifecycle_reason}|{matched_rule_ids}|{blockers}|{year}',
      'body',
      event,
    ),
  ).toBe('true||5,9|protected|2015');
  expect(textOf({ a: 1, b: [true, null] })).toBe('{"a":1,"b":[true,null]}');
  expect(textOf([{ a: 1 }, 2, null])).toBe('{"a":1},2,');
  expect(
    run('{json_lifecycle_reason}|{json_matched_rule_ids}|{json_title}|{json_year}', 'body', event),
  ).toBe('null|[5,9]|"The Expanse S01E02"|2015');
});

test('unknown names render empty, JavaScript member names included: nothing is evaluated', () => {
  expect(run('[{nope}{constructor}{json_nope}{urlencoded_nope}{proto}{tostring}]')).toBe('[]');
  const hostile = deletedEvent({ title: '{id} ${process.exit()} {{' });
  expect(run('{title}', 'body', hostile)).toBe('{id} ${process.exit()} {{');
  expect(run('{json_title}', 'body', hostile)).toBe('"{id} ${process.exit()} {{"');
});

test('the spec example: urlencoded_path encodes every reserved byte, slash included', () => {
  expect(run('http://scanner.lan:2875/triggers/manual?path={urlencoded_path}', 'url')).toBe(
    'http://scanner.lan:2875/triggers/manual?path=%2Fmedia%2FMovie%20Name%2Ffile.mkv',
  );
});

test('in a URL a plain value keeps "/" but cannot add a query, fragment or host; in a body it is verbatim', () => {
  const event = deletedEvent({ title: 'A/B?x=1#f&é' });
  expect(run('http://h/{title}', 'url', event)).toBe('http://h/A/B%3Fx%3D1%23f%26%C3%A9');
  expect(run('{title}', 'body', event)).toBe('A/B?x=1#f&é');
  expect(percentEncode("-._~!*'() ", false)).toBe('-._~%21%2A%27%28%29%20');
});

test('{path} follows path_mode with fallbacks; path values are empty without an operation', () => {
  expect(run('{path}|{local_path}|{destination_path}')).toBe(
    '/media/Movie Name/file.mkv|/data/Movie Name/file.mkv|',
  );
  expect(run('{path}', 'body', deletedEvent(), 'local')).toBe('/data/Movie Name/file.mkv');
  expect(run('{path}', 'body', deletedEvent(), 'destination')).toBe('/data/Movie Name/file.mkv');
  const moved = { path: '/a', localPath: null, destinationPath: '/b' };
  expect(run('{path}', 'body', deletedEvent(), 'destination', moved)).toBe('/b');
  expect(run('{path}', 'body', deletedEvent(), 'local', moved)).toBe('/a');
  expect(
    run('[{path}{local_path}{urlencoded_path}]', 'body', deletedEvent(), 'original', null),
  ).toBe('[]');
});
