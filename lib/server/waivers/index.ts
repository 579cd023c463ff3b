/** Waivers (issue 27 "Waivers", shared with spectator tickets): texts, signing, the sealed record, its PDF, who may read it, rejection, states, retention. Only re-exports. */
export { asDiscipline, eventDiscipline, fallbackWaiverText, getEventWaiverText, getWaiverText } from './get-waiver-text';
export { getSigningContext } from './get-signing-context';
export { getWaiver, getWaiverPdf, type WaiverFile } from './get-waiver';
export { addYears, DEFAULT_WAIVER_LIMITATION_YEARS, DEFAULT_WAIVER_RETENTION_YEARS, MAJORITY_AGE, waiverKeepUntil, type KeepUntilInput } from './keep-until';
export { loadWaiver, userName, waiverReader, type WaiverRecord } from './load-waiver';
export { rejectWaiver } from './reject-waiver';
export { renderWaiverPdf, type WaiverPdfModel } from './render-waiver-pdf';
export { signWaiver, type SigningRequest } from './sign-waiver';
export { signSpectatorWaiver, spectatorByLink, type SpectatorSigner } from './sign-spectator-waiver';
export { isMinorOn, signingParty, type SigningParty, type SigningPerson } from './signing-party';
export { sha256Hex, waiverVersion } from './waiver-hash';
export { decodeDataUrl, pngIsBlank, selfieBytes, signatureBytes, SIGNATURE_MIN_SIZE } from './waiver-images';
export { waiverFileName, waiverMail, type WaiverMailInput } from './waiver-mail';
export { latestWaiver, waiverStateOf } from './waiver-state';
export { runWaiverRetention, WAIVER_RETENTION_BATCH, type WaiverRetentionPayload, type WaiverRetentionResult } from '../jobs/waiver-retention';
