/**
 * Client calls of the desk's classes (issue 24): an organization's class (POST
 * /ll/api/v1/desk/organizations/{id}/classes, PUT /desk/classes/{id}) and the classes an event
 * offers with their fees, early and late fees too (issue 27) (PUT /desk/events/{id}/classes), with
 * their TanStack mutations.
 * The event's online-registration settings (issue 27: fee dates, refund policy, questions …) are
 * saved here too (PUT /desk/events/{id}/registration-settings), the fees' other half.
 * Failures are `DeskSaveError` (./desk.ts): the API's code (`class_exists`,
 * `class_has_registrations` …) and the field issues of a 400.
 */
import { useMutation } from '@tanstack/react-query';
import type { DeskClassInput, DeskEventClassesInput } from '@/lib/contracts/desk-classes';
import type { DeskRegistrationSettingsInput } from '@/lib/contracts/registration-settings';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

const JSON_HEADERS = { headers: { 'Content-Type': 'application/json' } };

/** A new class of `organizationId`, or class `id`, saved; resolves to its id. @throws DeskSaveError */
export async function saveDeskClass(call: { id: number; input: DeskClassInput } | { id: null; organizationId: number; input: DeskClassInput }): Promise<number> {
  try {
    if (call.id === null) return (await api.post<{ id: number }>(`/desk/organizations/${call.organizationId}/classes`, call.input, JSON_HEADERS)).data.id;
    await api.put(`/desk/classes/${call.id}`, call.input, JSON_HEADERS);
    return call.id;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The classes event `eventId` offers, replaced. @throws DeskSaveError */
export async function saveDeskEventClasses(call: { eventId: number; input: DeskEventClassesInput }): Promise<void> {
  try {
    await api.put(`/desk/events/${call.eventId}/classes`, call.input, JSON_HEADERS);
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The class form's save (no retry). */
export function useSaveDeskClass() {
  return useMutation<number, DeskSaveError, Parameters<typeof saveDeskClass>[0]>({ mutationFn: saveDeskClass, retry: false });
}

/** The event's classes save (no retry). */
export function useSaveDeskEventClasses() {
  return useMutation<void, DeskSaveError, Parameters<typeof saveDeskEventClasses>[0]>({ mutationFn: saveDeskEventClasses, retry: false });
}

/**
 * The online-registration settings of event `eventId`, replaced; resolves to whether anything changed.
 * @throws DeskSaveError (400 with `issues`: field codes of lib/contracts/registration-settings.ts, 401, 404, or no reply).
 */
export async function saveDeskRegistrationSettings(call: { eventId: number; input: DeskRegistrationSettingsInput }): Promise<boolean> {
  try {
    return (await api.put<{ changed: boolean }>(`/desk/events/${call.eventId}/registration-settings`, call.input, JSON_HEADERS)).data.changed;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The registration settings' save (no retry). */
export function useSaveDeskRegistrationSettings() {
  return useMutation<boolean, DeskSaveError, Parameters<typeof saveDeskRegistrationSettings>[0]>({ mutationFn: saveDeskRegistrationSettings, retry: false });
}
