/**
 * The micro-app API (§7) on every database: the registry per site, instances with their
 * defaults, who may change what, bad input, and the demo micro-app on the Home page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { seedIfEmpty } from '../../src/seed/index';
import { DEMO_HOME_ID, DEMO_SITE_ID } from '../../src/seed/content';
import { DEMO_NEWSLETTER_INSTANCE_ID } from '../../src/seed/microapps';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { saveFields } from '../contents/fixtures';

const BASE = '/api/microapps';

const LOAN = {
  microapp_id: 'loan-calculator',
  site_id: DEMO_SITE_ID,
  name: 'Loan Calculator',
  description: 'Monthly payments for a loan',
  versions: [
    {
      version: '1.0',
      runtime: 'module',
      module_url: 'https://apps.example.com/loan/1.0/loan.js',
      element_name: 'loan-calculator',
    },
    { version: '2.0', runtime: 'frame', frame_url: '/apps/loan/2.0/', frame_height: 480 },
  ],
  registeredclientapis: [{ name: 'rates', url: 'https://api.example.com/rates', method: 'get' }],
};

describe.each(DIALECTS)('the micro-app API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
    await seedIfEmpty(t.db);
    await t.tokenFor('pat', ['editor', 'portal-editor']);
    await t.tokenFor('ed', ['editor']);
  });
  afterAll(() => t.close());

  const registry = async (as = 'admin') =>
    t.request({ method: 'GET', url: `${BASE}/registeredclient/Canopy%20Demo`, as });

  it('tells the admin where the micro-app API lives, without sign-in', async () => {
    const res = await t.request({ method: 'GET', url: `${BASE}/config`, as: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ api_base: '/api/microapps/' });
  });

  it("lists the demo site's micro-app with its versions, APIs and instance", async () => {
    const res = await registry('ed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        microapp_id: 'newsletter',
        site_id: DEMO_SITE_ID,
        site_name: 'Canopy Demo',
        name: 'Newsletter',
        description: 'A newsletter sign-up form (a custom element, no build step).',
        versions: [
          {
            version: '1',
            runtime: 'module',
            module_url: '/microapps/newsletter/1/newsletter.js',
            element_name: 'canopy-newsletter',
            frame_url: null,
            frame_height: null,
          },
        ],
        registeredclientapis: [],
        instances: [
          expect.objectContaining({
            instance_id: DEMO_NEWSLETTER_INSTANCE_ID,
            microapp_id: 'newsletter',
            name: 'Newsletter',
            instance_name: 'Home page sign-up',
            instance_version: '1',
            unique_name: 'newsletter-home-page-sign-up',
            ad_groups_modify: 'PORTAL-EDITOR',
            status: 0,
            configuration: expect.objectContaining({ heading: 'The Canopy Corp newsletter' }),
          }),
        ],
      },
    ]);
  });

  it('answers 404 for a site name nobody has, and 401 without sign-in', async () => {
    const missing = await t.request({ method: 'GET', url: `${BASE}/registeredclient/Nope` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No site is named "Nope"');
    const anonymous = await registry(null as unknown as string);
    expect(anonymous.statusCode).toBe(401);
  });

  it('puts the demo instance on the Home page, ids joined with a pipe', async () => {
    const res = await t.request({ method: 'GET', url: `/api/contents/${DEMO_HOME_ID}` });
    const fields = Object.values(res.json().content_fields) as {
      field_name?: string;
      field_value: string | null;
    }[];
    expect(fields.map((f) => f.field_value)).toContain(DEMO_NEWSLETTER_INSTANCE_ID);
  });

  describe('registering micro-apps', () => {
    it('lets an administrator register one with versions and client APIs', async () => {
      const res = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: LOAN,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        microapp_id: 'loan-calculator',
        site_name: 'Canopy Demo',
        versions: [
          { version: '1.0', runtime: 'module', element_name: 'loan-calculator', frame_url: null },
          { version: '2.0', runtime: 'frame', frame_url: '/apps/loan/2.0/', frame_height: 480 },
        ],
        registeredclientapis: [
          { name: 'rates', url: 'https://api.example.com/rates', method: 'GET' },
        ],
        instances: [],
      });
      const names = (await registry()).json().map((m: { name: string }) => m.name);
      expect(names).toEqual(['Loan Calculator', 'Newsletter']);
    });

    it('refuses the same id or name twice', async () => {
      const again = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: LOAN,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A micro-app with the id "loan-calculator" exists');
      const sameName = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: { ...LOAN, microapp_id: 'loan-2' },
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().message).toBe(
        'This site already has a micro-app named "Loan Calculator"',
      );
    });

    it.each([
      [
        'a module without an element name',
        { versions: [{ version: '1', runtime: 'module', module_url: '/x.js' }] },
        'Version "1" runs as a module: give element_name, the custom element it defines (lower case, with a hyphen, e.g. loan-calculator)',
      ],
      [
        'a script address',
        {
          versions: [
            {
              version: '1',
              runtime: 'module',
              module_url: 'javascript:alert(1)',
              element_name: 'a-b',
            },
          ],
        },
        'Version "1" runs as a module: give module_url, a path on this server or an http(s) address',
      ],
      [
        'a frame without an address',
        { versions: [{ version: '1', runtime: 'frame' }] },
        'Version "1" runs in a frame: give frame_url, a path on this server or an http(s) address',
      ],
      [
        'a version twice',
        {
          versions: [
            { version: '1', runtime: 'frame', frame_url: '/a' },
            { version: '1', runtime: 'frame', frame_url: '/b' },
          ],
        },
        'Version "1" is listed twice',
      ],
    ])('refuses %s', async (_what, change, message) => {
      const res = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: { ...LOAN, microapp_id: 'bad-app', name: 'Bad', ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('refuses unknown fields, a bad id and an unknown site', async () => {
      const extra = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: { ...LOAN, microapp_id: 'x-app', name: 'X', secret: 1 },
      });
      expect(extra.statusCode).toBe(400);
      const badId = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: { ...LOAN, microapp_id: 'Not An Id', name: 'Y' },
      });
      expect(badId.statusCode).toBe(400);
      const site = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: {
          ...LOAN,
          microapp_id: 'z-app',
          name: 'Z',
          site_id: '00000000-0000-4000-8000-000000000000',
        },
      });
      expect(site.statusCode).toBe(404);
    });

    it('lets only administrators register, change and remove micro-apps', async () => {
      const register = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclient`,
        payload: { ...LOAN, microapp_id: 'pat-app', name: 'Pat' },
        as: 'pat',
      });
      expect(register.statusCode).toBe(403);
      const change = await t.request({
        method: 'PUT',
        url: `${BASE}/registeredclient/loan-calculator`,
        payload: { name: 'Mine' },
        as: 'pat',
      });
      expect(change.statusCode).toBe(403);
      const remove = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclient/loan-calculator`,
        as: 'pat',
      });
      expect(remove.statusCode).toBe(403);
    });
  });

  describe('instances', () => {
    let created: string;

    it('creates an instance with PORTAL-EDITOR and status 0, whatever is sent', async () => {
      const res = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclientapi`,
        as: 'pat',
        payload: {
          microapp_id: 'loan-calculator',
          instance_name: 'Mortgage page',
          name: 'Something else',
          ad_groups_modify: 'EVERYONE',
          status: 7,
          configuration: { currency: 'EUR', 'max-amount': '500000' },
        },
      });
      expect(res.statusCode).toBe(201);
      const instance = res.json();
      created = instance.instance_id;
      expect(instance).toMatchObject({
        microapp_id: 'loan-calculator',
        name: 'Loan Calculator',
        instance_name: 'Mortgage page',
        instance_version: '2.0',
        unique_name: 'loan-calculator-mortgage-page',
        ad_groups_modify: 'PORTAL-EDITOR',
        status: 0,
        configuration: { currency: 'EUR', 'max-amount': '500000' },
        created_by: 'pat',
      });
      const listed = (await registry())
        .json()
        .find((m: { microapp_id: string }) => m.microapp_id === 'loan-calculator');
      expect(listed.instances.map((i: { instance_id: string }) => i.instance_id)).toEqual([
        created,
      ]);
    });

    it('takes a named version and refuses one the micro-app does not have', async () => {
      const ok = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclientapi`,
        payload: {
          microapp_id: 'loan-calculator',
          instance_name: 'Old page',
          instance_version: '1.0',
        },
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().instance_version).toBe('1.0');
      const bad = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclientapi`,
        payload: { microapp_id: 'loan-calculator', instance_name: 'New', instance_version: '9' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        'The micro-app "loan-calculator" has no version "9" (it has "2.0", "1.0")',
      );
    });

    it('refuses an empty name, a taken name, an unknown micro-app and bad configuration', async () => {
      const post = (payload: object) =>
        t.request({ method: 'POST', url: `${BASE}/registeredclientapi`, payload });
      const blank = await post({ microapp_id: 'loan-calculator', instance_name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('An instance needs a name');
      const empty = await post({ microapp_id: 'loan-calculator', instance_name: '' });
      expect(empty.statusCode).toBe(400);
      const taken = await post({ microapp_id: 'loan-calculator', instance_name: 'Mortgage page' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(
        'An instance named "loan-calculator-mortgage-page" already exists: choose another instance name',
      );
      const unknown = await post({ microapp_id: 'no-such-app', instance_name: 'A' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('No micro-app has the id "no-such-app"');
      const config = await post({
        microapp_id: 'loan-calculator',
        instance_name: 'B',
        configuration: { onclick: 1 },
      });
      expect(config.statusCode).toBe(400);
    });

    it('lets only PORTAL-EDITOR members and administrators create and delete', async () => {
      const create = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclientapi`,
        as: 'ed',
        payload: { microapp_id: 'loan-calculator', instance_name: 'Ed page' },
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().message).toBe(
        'Only members of PORTAL-EDITOR or administrators can create, change or delete micro-app instances',
      );
      const remove = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclientapi/loan-calculator/${created}`,
        as: 'ed',
      });
      expect(remove.statusCode).toBe(403);
    });

    it('keeps a micro-app and its versions while instances use them', async () => {
      const drop = await t.request({
        method: 'PUT',
        url: `${BASE}/registeredclient/loan-calculator`,
        payload: { versions: [LOAN.versions[1]] },
      });
      expect(drop.statusCode).toBe(409);
      expect(drop.json().message).toBe(
        'Instances still use version "1.0": delete them first or keep the version',
      );
      const remove = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclient/loan-calculator`,
      });
      expect(remove.statusCode).toBe(409);
    });

    it('deletes an instance by micro-app id and instance id', async () => {
      const wrongApp = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclientapi/newsletter/${created}`,
        as: 'pat',
      });
      expect(wrongApp.statusCode).toBe(404);
      const res = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclientapi/loan-calculator/${created}`,
        as: 'pat',
      });
      expect(res.statusCode).toBe(204);
      const again = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclientapi/loan-calculator/${created}`,
        as: 'pat',
      });
      expect(again.statusCode).toBe(404);
      const malformed = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclientapi/loan-calculator/not-a-uuid`,
      });
      expect(malformed.statusCode).toBe(400);
    });

    it('lets an administrator rename a micro-app and then remove it once unused', async () => {
      const renamed = await t.request({
        method: 'PUT',
        url: `${BASE}/registeredclient/loan-calculator`,
        payload: { name: 'Loans', versions: LOAN.versions },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().name).toBe('Loans');
      const left = renamed.json().instances as { instance_id: string }[];
      for (const { instance_id } of left) {
        const res = await t.request({
          method: 'DELETE',
          url: `${BASE}/registeredclientapi/loan-calculator/${instance_id}`,
        });
        expect(res.statusCode).toBe(204);
      }
      const remove = await t.request({
        method: 'DELETE',
        url: `${BASE}/registeredclient/loan-calculator`,
      });
      expect(remove.statusCode).toBe(204);
      expect((await registry()).json().map((m: { name: string }) => m.name)).toEqual([
        'Newsletter',
      ]);
    });
  });

  describe('a Micro-app Reference Picker field on Save', () => {
    const APP_FIELD = DEMO_TEMPLATES.blocks.page.newsletterApp;
    const load = async (id: string) =>
      (await t.request({ method: 'GET', url: `/api/contents/${id}` })).json();
    let pageId: string;

    beforeAll(async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/contents',
        payload: {
          parent_id: DEMO_HOME_ID,
          template_id: DEMO_TEMPLATES.templates.page,
          content_name: 'Newsletter page',
        },
      });
      expect(res.statusCode).toBe(201);
      pageId = res.json().content_id;
    });

    it('stores instance ids of the field micro-app, joined with a pipe', async () => {
      const other = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclientapi`,
        payload: { microapp_id: 'newsletter', instance_name: 'Footer sign-up' },
      });
      const ids = `${DEMO_NEWSLETTER_INSTANCE_ID}|${other.json().instance_id}`;
      const res = await saveFields(t, await load(pageId), { [APP_FIELD]: ids });
      expect(res.statusCode).toBe(200);
      expect((await load(pageId)).content_fields[APP_FIELD].field_value).toBe(ids);
    });

    it('refuses ids that name no instance, or an instance of another micro-app', async () => {
      const missing = '7e000000-0000-4000-8000-00000000dead';
      const res = await saveFields(t, await load(pageId), { [APP_FIELD]: missing });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `Newsletter App: No instance of the micro-app "newsletter" has the id ${missing}; choose one from the list or create it`,
      );
      await t.request({ method: 'POST', url: `${BASE}/registeredclient`, payload: LOAN });
      const loan = await t.request({
        method: 'POST',
        url: `${BASE}/registeredclientapi`,
        payload: { microapp_id: 'loan-calculator', instance_name: 'Field test' },
      });
      const foreign = await saveFields(t, await load(pageId), {
        [APP_FIELD]: loan.json().instance_id,
      });
      expect(foreign.statusCode).toBe(400);
      const garbled = await saveFields(t, await load(pageId), { [APP_FIELD]: 'newsletter|1' });
      expect(garbled.statusCode).toBe(400);
      expect(garbled.json().message).toBe(
        'Newsletter App: Choose micro-app instances from the list: this value does not name an instance',
      );
    });
  });

  it('serves the demo micro-app module to anyone, as JavaScript', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/microapps/newsletter/1/newsletter.js',
      as: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain("customElements.define('canopy-newsletter'");
    const escape = await t.request({ method: 'GET', url: '/microapps/../package.json', as: null });
    expect(escape.statusCode).toBe(404);
  });
});
