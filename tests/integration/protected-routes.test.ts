import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registeredRoutes as registeredRoutesOf } from '../support/registered-routes';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

/**
 * Reachable signed out by design: sign-in itself, its redirects, the status probe, and the proxy's health
 * checks (docs/DEPLOY.md#health-and-readiness).
 */
const PUBLIC_ROUTES = new Set([
  'POST /auth/register',
  'POST /auth/login',
  'GET /api/auth/status',
  'GET /api/auth/providers',
  'GET /api/logout',
  'GET /api/auth/logout',
  'POST /api/logout',
  'POST /api/auth/logout',
  'GET /api/login',
  'GET /api/callback',
  'GET /auth/google',
  'GET /auth/google/callback',
  'GET /healthz',
  'GET /readyz',
]);

const registeredRoutes = () => registeredRoutesOf(testApp.app);

it('finds the routes it checks', () => {
  expect(registeredRoutes()).toEqual(
    expect.arrayContaining([
      'GET /api/settings',
      'PUT /api/settings',
      'GET /api/progress',
      'GET /auth/google/callback',
    ]),
  );
});

it('answers 401 signed out on every route that is not public', async () => {
  const protectedRoutes = registeredRoutes().filter((route) => !PUBLIC_ROUTES.has(route));
  expect(protectedRoutes.length).toBeGreaterThan(3);
  for (const route of protectedRoutes) {
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:[^/]+/g, '1');
    const response = await testApp.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
  }
});
