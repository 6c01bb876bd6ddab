import { expect, it } from 'vitest';
import type { LookupService } from '../../../../proxy/service/api.js';
import { previewRouter } from '../../../../proxy/service/http/routes/preview.js';
import { COMPONENT_SCHEMAS, HEADERS } from '../../../../proxy/service/openapi/components.js';
import { previewOpenApi, PREVIEW_COMPONENT_SCHEMAS } from '../../../../proxy/service/openapi/preview-paths.js';

/** Express path `/policy/:domain` → OpenAPI `/preview/v1/policy/{domain}`. */
const toOpenApi = (p: string) => `/preview/v1${p.replace(/:(\w+)/g, '{$1}')}`;

it('documents every route the router serves, with the same methods', () => {
  const router = previewRouter({} as LookupService);
  const served = (router.stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>)
    .filter((l) => l.route)
    .map(
      (l) =>
        [
          toOpenApi(l.route!.path),
          Object.keys(l.route!.methods)
            .filter((m) => m !== '_all')
            .sort(),
        ] as const,
    );
  const documented = Object.entries(previewOpenApi.paths as Record<string, Record<string, unknown>>).map(
    ([p, ops]) => [p, Object.keys(ops).sort()] as const,
  );
  expect(new Map(served)).toEqual(new Map(documented));
});

it('every $ref resolves to a component of this part or of the service document it is merged into', () => {
  const schemas = new Set([...Object.keys(COMPONENT_SCHEMAS), ...Object.keys(PREVIEW_COMPONENT_SCHEMAS)]);
  const headers = new Set(Object.keys(HEADERS));
  const refs = [...JSON.stringify(previewOpenApi).matchAll(/"\$ref":"#\/components\/(schemas|headers)\/([^"]+)"/g)];
  expect(refs.length).toBeGreaterThan(20);
  for (const [, kind, name] of refs)
    expect(kind === 'schemas' ? schemas.has(name!) : headers.has(name!), `${kind}/${name}`).toBe(true);
  // Every path answers 200, 401, 429 and 500; paths with a domain also 400.
  for (const [path, ops] of Object.entries(
    previewOpenApi.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
  )) {
    for (const op of Object.values(ops)) {
      expect(Object.keys(op.responses)).toEqual(
        expect.arrayContaining(['200', '401', '429', '500', ...(path.includes('{domain}') ? ['400'] : [])]),
      );
    }
  }
});
