/**
 * An editor in the e2e CMS: logs in to Strapi's admin API with the test account and changes
 * content the way the admin panel does (content-manager routes), so tests can check that a
 * publish reaches the site through the webhook.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { E2E_CMS_ADMIN, E2E_CMS_URL } from './db';

export interface Editor {
  api: APIRequestContext;
  /** Updates a localized single type (e.g. `api::about-page.about-page`) in `locale`. */
  updateSingle(uid: string, locale: string, data: Record<string, unknown>): Promise<void>;
  readSingle(uid: string, locale: string): Promise<Record<string, unknown>>;
  /** Creates an entry of a collection type in `locale`; answers its documentId. */
  create(uid: string, locale: string, data: Record<string, unknown>): Promise<string>;
  /** Deletes an entry (that locale of it) of a collection type. */
  remove(uid: string, locale: string, documentId: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function loginEditor(): Promise<Editor> {
  const anon = await playwrightRequest.newContext({ baseURL: E2E_CMS_URL });
  const login = await anon.post('/admin/login', { data: E2E_CMS_ADMIN });
  if (!login.ok()) throw new Error(`CMS admin login failed: ${login.status()} ${await login.text()}`);
  const body = (await login.json()) as { data: { token?: string; accessToken?: string } };
  const token = body.data.token ?? body.data.accessToken;
  await anon.dispose();
  const api = await playwrightRequest.newContext({ baseURL: E2E_CMS_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  return {
    api,
    async readSingle(uid, locale) {
      const res = await api.get(`/content-manager/single-types/${uid}?locale=${locale}`);
      if (!res.ok()) throw new Error(`read ${uid}: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    },
    async updateSingle(uid, locale, data) {
      const res = await api.put(`/content-manager/single-types/${uid}?locale=${locale}`, { data });
      if (!res.ok()) throw new Error(`update ${uid}: ${res.status()} ${await res.text()}`);
    },
    async create(uid, locale, data) {
      const res = await api.post(`/content-manager/collection-types/${uid}?locale=${locale}`, { data });
      if (!res.ok()) throw new Error(`create ${uid}: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { data: { documentId: string } }).data.documentId;
    },
    async remove(uid, locale, documentId) {
      const res = await api.delete(`/content-manager/collection-types/${uid}/${documentId}?locale=${locale}`);
      if (!res.ok()) throw new Error(`delete ${uid} ${documentId}: ${res.status()} ${await res.text()}`);
    },
    dispose: () => api.dispose(),
  };
}
