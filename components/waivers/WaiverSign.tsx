'use client';
/**
 * Signing a waiver (issue 27 "Signing: consent to the electronic signature, the signature drawn
 * (react-signature-canvas), 'I Agree' and 'I certify the information' boxes; a selfie first
 * (react-webcam) when the event asks"; "a minor's waiver signed by the guardian, and by the minor
 * too when the federation's setting says so"; spec §5 Spectator's checks): the three boxes, the
 * drawn signature, a second pad for the minor's own signature when `minorSignature` is given, and
 * the selfie when `selfieRequired`. The signature pads and the camera are loaded only when the
 * signer reaches for them (they are not in the page's first load). Sending posts the exact text
 * version shown to `POST /api/v1/waivers`; the server keeps the sealed record and answers its id,
 * added to `signedHref` (the next step's address: the registration's review, or the desk's sign-on
 * list when an official's tablet takes the signature) as its `waiver` parameter. Labels come
 * translated from the server component.
 */
import { lazy, Suspense, useRef, useState, type ComponentRef, type RefObject } from 'react';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { api, callFailure } from '@/lib/api/client';
import type { Locale } from '@/lib/config';
import { useRouter } from '@/lib/i18n/navigation';
import css from './waivers.module.css';

const SignatureCanvas = lazy(() => import('react-signature-canvas'));
const Webcam = lazy(() => import('react-webcam'));

export interface WaiverSignLabels {
  consentElectronic: string;
  agreed: string;
  certified: string;
  signatureLegend: string;
  signatureStart: string;
  signatureHint: string;
  clear: string;
  selfieLegend: string;
  selfieStart: string;
  selfieTake: string;
  selfieRetake: string;
  selfieAlt: string;
  /** The camera could not be opened (no camera, or permission refused). */
  cameraError: string;
  submit: string;
  busy: string;
  needConsents: string;
  needSignature: string;
  needSelfie: string;
  loading: string;
}

export interface WaiverSignProps {
  eventId: number;
  kind: 'entry' | 'spectator';
  participantId: number;
  signatoryRole: 'self' | 'guardian';
  textVersion: string;
  locale: Locale;
  selfieRequired: boolean;
  labels: WaiverSignLabels;
  /** Catalogue messages by error code; `fallback` for any other failure. */
  errors: Record<string, string>;
  fallback: string;
  /** Where to go once signed: a site path (with its query); the document's id is added as `waiver`. */
  signedHref: string;
  /**
   * The minor's own signature pad (the federation's setting `WaiverMinorSignature`, role
   * `guardian`; `WaiverSigningContext.minorSignatureRequired`), or absent/null for none: its legend
   * ("Signature of the minor (Léo Tremblay)", messages `waivers.sign.minorLegend`), its hint, and
   * the message when it is left empty.
   */
  minorSignature?: { legend: string; hint: string; missing: string } | null;
  /**
   * Another API path to post to (under /ll/api/v1), whose address names the person and the event
   * (issue 28: a spectator's waiver, `/spectators/registrations/{id}/spectators/{spectatorId}/waiver`
   * or `/spectators/waivers/{signingId}`): the body is then `SignSpectatorWaiverInput` (no event,
   * kind, person or role). Absent: `POST /waivers` with them.
   */
  postPath?: string;
}

type Pad = ComponentRef<typeof SignatureCanvas>;

/** One signature pad: a button first, the canvas (loaded then) once pressed, and a way to clear it. */
function SignaturePad({ padRef, legend, hint, start, clear, loading, testId }: { padRef: RefObject<Pad | null>; legend: string; hint: string; start: string; clear: string; loading: string; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <fieldset className={css.part} data-testid={testId}>
      <legend>{legend}</legend>
      {open ? (
        <Suspense fallback={<p>{loading}</p>}>
          <div className={css.padFrame}>
            <SignatureCanvas ref={padRef} penColor="#0b1f44" clearOnResize={false} canvasProps={{ className: css.pad, 'aria-label': hint, role: 'img' }} />
          </div>
          <p className={ui.helper}>{hint}</p>
          <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => padRef.current?.clear()}>
            {clear}
          </button>
        </Suspense>
      ) : (
        <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => setOpen(true)}>
          {start}
        </button>
      )}
    </fieldset>
  );
}

/** The pad's drawing as a PNG data URL, or null when it was never opened or is empty. */
const drawn = (pad: Pad | null) => (pad && !pad.isEmpty() ? pad.toDataURL('image/png') : null);

export function WaiverSign(props: WaiverSignProps) {
  const { labels } = props;
  const router = useRouter();
  const pad = useRef<Pad | null>(null);
  const minorPad = useRef<Pad | null>(null);
  const camera = useRef<ComponentRef<typeof Webcam> | null>(null);
  const [boxes, setBoxes] = useState({ consentElectronic: false, agreed: false, certified: false });
  const [filming, setFilming] = useState(false);
  /** The camera's stream has started (a photo can be taken), or it failed (`error`). */
  const [cameraState, setCameraState] = useState<'waiting' | 'ready' | 'error'>('waiting');
  const [selfie, setSelfie] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Takes the selfie: the first frame may not be decoded yet when the stream starts, so a few tries a frame apart. */
  async function takePhoto() {
    for (let attempt = 0; attempt < 30; attempt++) {
      const shot = camera.current?.getScreenshot() ?? null;
      if (shot) {
        setSelfie(shot);
        setFilming(false);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    setCameraState('error');
  }

  async function send() {
    if (busy) return;
    if (!boxes.consentElectronic || !boxes.agreed || !boxes.certified) return setError(labels.needConsents);
    if (props.selfieRequired && !selfie) return setError(labels.needSelfie);
    const signature = drawn(pad.current);
    if (!signature) return setError(labels.needSignature);
    const minorSignature = props.minorSignature ? drawn(minorPad.current) : null;
    if (props.minorSignature && !minorSignature) return setError(props.minorSignature.missing);
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.post<{ id: string }>(
        props.postPath ?? '/waivers',
        {
          ...(props.postPath ? {} : { eventId: props.eventId, kind: props.kind, participantId: props.participantId, signatoryRole: props.signatoryRole }),
          textVersion: props.textVersion,
          locale: props.locale,
          ...boxes,
          signaturePng: signature,
          ...(selfie ? { selfieJpeg: selfie } : {}),
          ...(minorSignature ? { minorSignaturePng: minorSignature } : {}),
        },
        { headers: { 'Content-Type': 'application/json' } },
      );
      const next = new URL(props.signedHref, window.location.origin);
      next.searchParams.set('waiver', data.id);
      router.push(`${next.pathname}${next.search}`);
    } catch (err) {
      const failure = callFailure(err);
      const issue = (failure.issues[0] as { code?: string } | undefined)?.code;
      setError((issue && props.errors[issue]) || (failure.apiCode && props.errors[failure.apiCode]) || props.fallback);
      setBusy(false);
    }
  }

  return (
    <div className={css.sign}>
      {props.selfieRequired ? (
        <fieldset className={css.part}>
          <legend>{labels.selfieLegend}</legend>
          {selfie ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data URL just taken, not a site image
            <img src={selfie} alt={labels.selfieAlt} className={css.selfie} />
          ) : filming ? (
            <Suspense fallback={<p>{labels.loading}</p>}>
              <Webcam
                ref={camera}
                audio={false}
                screenshotFormat="image/jpeg"
                screenshotQuality={0.85}
                videoConstraints={{ facingMode: 'user', width: 480, height: 480 }}
                className={css.selfie}
                onUserMedia={() => setCameraState('ready')}
                onUserMediaError={() => setCameraState('error')}
              />
              {cameraState === 'error' ? <p role="alert">{labels.cameraError}</p> : null}
            </Suspense>
          ) : null}
          <div className={css.row}>
            {!filming && !selfie ? (
              <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => setFilming(true)}>
                {labels.selfieStart}
              </button>
            ) : null}
            {filming ? (
              <button
                type="button"
                className={`${ui.button} ${ui.contained}`}
                disabled={cameraState !== 'ready'}
                onClick={takePhoto}
              >
                {labels.selfieTake}
              </button>
            ) : null}
            {selfie ? (
              <button
                type="button"
                className={`${ui.button} ${ui.outlined}`}
                onClick={() => {
                  setSelfie(null);
                  setFilming(true);
                }}
              >
                {labels.selfieRetake}
              </button>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      <fieldset className={css.part}>
        <legend className="visually-hidden">{labels.signatureLegend}</legend>
        {(['consentElectronic', 'agreed', 'certified'] as const).map((box) => (
          <label key={box} className={css.check}>
            <input type="checkbox" checked={boxes[box]} onChange={(e) => setBoxes((b) => ({ ...b, [box]: e.target.checked }))} />
            <span>{labels[box]}</span>
          </label>
        ))}
      </fieldset>

      <SignaturePad padRef={pad} legend={labels.signatureLegend} hint={labels.signatureHint} start={labels.signatureStart} clear={labels.clear} loading={labels.loading} testId="waiver-signature" />
      {props.minorSignature ? (
        <SignaturePad
          padRef={minorPad}
          legend={props.minorSignature.legend}
          hint={props.minorSignature.hint}
          start={labels.signatureStart}
          clear={labels.clear}
          loading={labels.loading}
          testId="waiver-minor-signature"
        />
      ) : null}

      {error ? (
        <Alert severity="error" title={error}>
          {null}
        </Alert>
      ) : null}
      <div className={css.row}>
        <button type="button" className={`${ui.button} ${ui.contained} ${ui.large}`} onClick={send} disabled={busy} aria-busy={busy || undefined} data-testid="waiver-submit">
          {busy ? labels.busy : labels.submit}
        </button>
      </div>
    </div>
  );
}
