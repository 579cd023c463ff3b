/**
 * Client call of the desk's spectator-ticket settings (issue 28 "the event sets ticket prices, age
 * bands, daily capacity and whether a selfie is required, in the desk"): PUT
 * /ll/api/v1/desk/events/{id}/spectator-settings. Failures are `DeskSaveError` (./desk.ts): the
 * API's code and the field issues of a 400.
 */
import { useMutation } from '@tanstack/react-query';
import type { DeskSpectatorSettingsInput } from '@/lib/contracts/spectator-settings';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

/**
 * The spectator-ticket settings of event `eventId`, replaced; resolves to whether anything changed.
 * @throws DeskSaveError (400 with `issues`: field codes of lib/contracts/spectator-settings.ts, 401, 404, or no reply).
 */
export async function saveDeskSpectatorSettings(call: { eventId: number; input: DeskSpectatorSettingsInput }): Promise<boolean> {
  try {
    return (await api.put<{ changed: boolean }>(`/desk/events/${call.eventId}/spectator-settings`, call.input, { headers: { 'Content-Type': 'application/json' } })).data.changed;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The spectator settings' save (no retry). */
export function useSaveDeskSpectatorSettings() {
  return useMutation<boolean, DeskSaveError, Parameters<typeof saveDeskSpectatorSettings>[0]>({ mutationFn: saveDeskSpectatorSettings, retry: false });
}
