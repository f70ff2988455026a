// The REST adapter frame: schema validation, lossless JSON, envelopes, OpenAPI, offline docs.
import { z } from 'zod';
import { listen, RunningServer } from '../../platform/http/service-app';
import { createRestApp } from '../../rest-adapter/rest-server';
import { Route } from '../../rest-adapter/routes/route';
import { allRoutes } from '../../rest-adapter/routes';
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
  tenant = await createTestTenant(platform);
  echo = await listen(createRestApp({ gatewayUrl: platform.gatewayUrl, publicBaseUrl: 'http://example.test', port: 0, routes: [echoRoute] }), 0);
});
afterAll(async () => {
  await echo.close();
  await platform.close();
});

describe('lossless JSON', () => {
  it.each(['9223372036854775807', '-9223372036854775808', '12345678901234567890123', '0.1000000000000000055511151231257827'])(
    'reads %s back exactly',
    async (digits) => {
      const response = await request(echo.url, 'POST', '/clm/v1/echo', { rawBody: `{"value": ${digits}}`, headers: { 'content-type': 'application/json' } });
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
    const response = await request(echo.url, 'POST', '/clm/v1/echo', { rawBody: '{"value": ', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });

  it('rejects an oversized body with 413 in the envelope', async () => {
    const response = await request(echo.url, 'POST', '/clm/v1/echo', { rawBody: `{"value": "${'x'.repeat(2_000_000)}"}`, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it('validates real routes before calling the gateway', async () => {
    const response = await request(platform.restUrl, 'POST', '/clm/v1/profiles', { headers: auth.xApiKey(tenant.apiKey), body: { name: 'X', kind: 'individual', tenant: 'nope' } });
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

  it('risk errors use {status, msg, error}', async () => {
    const response = await request(platform.restUrl, 'GET', '/risk-assessments/v2/assessments/ra_missing', { headers: auth.apiKey(tenant.apiKey) });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 404, msg: 'Assessment not found', error: { code: 'assessment_not_found', message: 'Assessment not found' } });
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
