// The REST adapter frame: schema validation, lossless JSON, envelopes, OpenAPI, offline docs.
import { z } from 'zod';
import { listen, RunningServer } from '../../platform/http/service-app';
import { createRestApp } from '../../rest-adapter/rest-server';
import { Route } from '../../rest-adapter/routes/route';
import { allRoutes } from '../../rest-adapter/routes';
import { IDV_THEME_BINARY_OPENAPI } from '../../rest-adapter/idv-logos/idv-theme-binary-routes';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;
let echo: RunningServer;

/** A route table row answered by the adapter itself, to observe body handling in isolation. */
const echoRoute: Route = {
  method: 'post',
  path: '/clm/v1/echo',
  area: 'clm',
  tag: 'Test',
  summary: 'echo',
  credentials: ['none'],
  body: z.strictObject({ value: z.unknown(), nested: z.strictObject({ count: z.number().int() }).optional() }),
  result: (_data, input) => ({ body: input.body }),
};

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { riskAssessments: true });
  echo = await listen(
    createRestApp({ gatewayUrl: platform.gatewayUrl, publicBaseUrl: 'http://example.test', port: 0, routes: [echoRoute] }),
    0,
  );
});
afterAll(async () => {
  await echo.close();
  await platform.close();
});

describe('lossless JSON', () => {
  it.each(['9223372036854775807', '-9223372036854775808', '12345678901234567890123', '0.1000000000000000055511151231257827'])(
    'reads %s back exactly',
    async (digits) => {
      const response = await request(echo.url, 'POST', '/clm/v1/echo', {
        rawBody: `{"value": ${digits}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      expect(response.text).toBe(`{"msg":"success","status":200,"result":{"value":${digits}}}`);
    },
  );
});

describe('body validation', () => {
  it('rejects an unknown property with 400 schema_validation_failed naming it', async () => {
    const response = await request(echo.url, 'POST', '/clm/v1/echo', { body: { value: 1, surprise: true } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
    expect(response.body.error.message).toContain('surprise');
  });

  it('names the nested field of a wrong type', async () => {
    const response = await request(echo.url, 'POST', '/clm/v1/echo', { body: { value: 1, nested: { count: 'three' } } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('body.nested.count');
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await request(echo.url, 'POST', '/clm/v1/echo', {
      rawBody: '{"value": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });

  it('rejects an oversized body with 413 in the envelope', async () => {
    const response = await request(echo.url, 'POST', '/clm/v1/echo', {
      rawBody: `{"value": "${'x'.repeat(2_000_000)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it('validates real routes before calling the gateway', async () => {
    const response = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name: 'X', kind: 'individual', tenant: 'nope' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, result: null, error: { code: 'schema_validation_failed' } });
  });
});

describe('envelopes', () => {
  it('unknown routes get 404 in the area envelope', async () => {
    const clm = await request(platform.restUrl, 'GET', '/clm/v1/nothing-here');
    expect(clm.status).toBe(404);
    expect(clm.body).toMatchObject({ status: 404, result: null, error: { code: 'not_found' } });
    const idv = await request(platform.restUrl, 'GET', '/idv/v1/nothing-here');
    expect(idv.status).toBe(404);
    expect(idv.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect(idv.headers.get('cache-control')).toBe('no-store');
  });

  it('[risk.errors.envelope] risk errors use {status, msg, error}', async () => {
    const response = await request(platform.restUrl, 'GET', '/risk-assessments/v2/assessments/ra_missing', {
      headers: auth.apiKey(tenant.apiKey),
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      status: 404,
      msg: 'Assessment not found',
      error: { code: 'assessment_not_found', message: 'Assessment not found' },
    });
  });

  it('answers 503 when the gateway is down, never 500', async () => {
    const orphan = await listen(createRestApp({ gatewayUrl: 'http://127.0.0.1:1/graphql', publicBaseUrl: 'http://x', port: 0 }), 0);
    try {
      const response = await request(orphan.url, 'GET', '/clm/v1/profiles/x', { headers: auth.xApiKey(tenant.apiKey) });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('service_unavailable');
    } finally {
      await orphan.close();
    }
  });
});

describe('documentation', () => {
  it('serves an OpenAPI 3.1 document generated from the route table', async () => {
    const response = await request(platform.restUrl, 'GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    for (const route of allRoutes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(response.body.paths[path]?.[route.method]).toBeDefined();
    }
    const createProfile = response.body.paths['/clm/v1/profiles'].post;
    expect(createProfile.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
  });

  it('documents the endpoints mounted outside the route table (IDV logos, public branding)', async () => {
    const { paths } = (await request(platform.restUrl, 'GET', '/openapi.json')).body;
    for (const operation of IDV_THEME_BINARY_OPENAPI) {
      const path = operation.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(paths[path]?.[operation.method]).toBeDefined();
    }
    for (const slot of ['logo', 'logo-square']) {
      const item = paths[`/idv/v1/themes/{themeId}/${slot}`];
      expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'put']);
      expect(Object.keys(item.put.requestBody.content).sort()).toEqual(['image/jpeg', 'image/png']);
      expect(item.put.requestBody.content['image/png'].schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(item.put.security).toEqual([{ ApiKeyAuthorization: [] }, { XApiKey: [] }]);
      expect(item.put.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
        'path:themeId',
        'header:If-Match',
      ]);
      expect(Object.keys(item.put.responses)).toEqual(expect.arrayContaining(['200', '413', '415', 'default']));
      expect(item.put.responses['200'].content['application/json'].schema.properties.data.properties.theme_id).toBeDefined();
      expect(item.get.security).toEqual([{ ApiKeyAuthorization: [] }, { XApiKey: [] }, { DashboardBearer: [] }]);
      expect(Object.keys(item.get.responses['200'].content).sort()).toEqual(['image/jpeg', 'image/png']);
    }
    const asset = paths['/idv/v1/branding/assets/{assetId}'].get;
    expect(asset.security).toEqual([]);
    expect(asset.parameters).toEqual([{ name: 'assetId', in: 'path', required: true, schema: { type: 'string' } }]);
    const branding = paths['/idv/v1/sessions/{sessionId}/branding'].get;
    expect(branding.security).toEqual([]);
    expect(branding.tags).toEqual(['IDV themes']);
    expect(Object.keys(branding.responses['200'].content['application/json'].schema.properties.branding.properties)).toEqual(
      expect.arrayContaining(['company_name', 'privacy_contact_email', 'colors', 'font_family', 'logo', 'logo_square']),
    );
    const ids = Object.values(paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string }>).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every documented mounted endpoint is served (no drift between the descriptions and the mounts)', async () => {
    const concrete = (path: string) =>
      path.replace(':themeId', 'idvt_none').replace(':assetId', 'idva_none').replace(':sessionId', 'idvs_none');
    for (const operation of IDV_THEME_BINARY_OPENAPI) {
      const response = await request(platform.restUrl, operation.method.toUpperCase(), concrete(operation.path));
      expect({ path: operation.path, method: operation.method, message: response.body?.error?.message ?? '' }).not.toEqual(
        expect.objectContaining({ message: expect.stringMatching(/^No route for/) }),
      );
    }
  });

  it('serves the docs page and its assets from npm packages, without a CDN', async () => {
    const page = await request(platform.restUrl, 'GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const asset of page.text.match(/\/docs\/assets\/[\w.-]+/g)!) {
      expect((await fetch(`${platform.restUrl}${asset}`)).status).toBe(200);
    }
  });

  it('serves the GraphQL playground and its assets locally', async () => {
    const base = platform.gatewayUrl.replace(/\/graphql$/, '');
    const page = await request(base, 'GET', '/playground');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/src="https?:|href="https?:/);
    for (const asset of page.text.match(/\/playground\/assets\/[\w.-]+/g)!) {
      expect((await fetch(`${base}${asset}`)).status).toBe(200);
    }
  });
});
