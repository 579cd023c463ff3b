/**
 * A waiver to read and sign (issue 27 "Signing"; spec §4 Waiver, §5 Spectator): the text exactly as
 * it will be sealed (its title, then its body in a scrollable region in the text's own language),
 * then the signing form (./WaiverSign.tsx as an island: the consents, the drawn signature, the
 * selfie when the event asks, the minor's own signature when the federation asks) with every
 * label and error text already translated. A server component shared by the registration's
 * waiver step and the desk's signing at sign-on, so both show the same form for the same context
 * (`WaiverSigningContext`, lib/server/waivers `getSigningContext`, or the registration's own).
 */
import { getTranslations } from 'next-intl/server';
import { checkoutErrorTexts } from '@/components/membership-buy/error-texts';
import type { Locale } from '@/lib/config';
import type { SignatoryRole, WaiverKind, WaiverText } from '@/lib/contracts/waivers';
import { WaiverSignIsland } from './islands';
import css from './waivers.module.css';

/** The error codes a signature may be refused with, as the form shows them. */
const SIGNING_ERRORS = [
  'waiver_text_changed',
  'waiver_rejected',
  'null_signature_image',
  'invalid_signature_image',
  'null_minor_signature',
  'invalid_minor_signature_image',
  'no_signatory_account',
  'invalid_signatory_role',
  'invalid_selfie',
  'null_selfie',
  'email_not_verified',
  'not_found',
  'unauthenticated',
] as const;

export interface WaiverSignSectionProps {
  locale: Locale;
  eventId: number;
  kind: WaiverKind;
  participantId: number;
  signatoryRole: SignatoryRole;
  text: WaiverText;
  selfieRequired: boolean;
  /** The federation asks for the minor's own signature beside the guardian's (only with role `guardian`). */
  minorSignatureRequired: boolean;
  /** The minor's name, for their signature's legend. */
  coveredName: string;
  /** Where the form goes once signed (the signed document's id added as `waiver`). */
  signedHref: string;
  /** The heading level of the text's title (2 on a page whose title is the h1). */
  titleClassName?: string;
  /** Another API path the form posts to (issue 28 spectators: see WaiverSign's `postPath`). */
  postPath?: string;
}

/** The waiver's text and its signing form (see the file's docstring). */
export async function WaiverSignSection(props: WaiverSignSectionProps) {
  const { locale, text } = props;
  const [tw, tm, errors] = await Promise.all([getTranslations({ locale, namespace: 'eventRegistration.sign' }), getTranslations({ locale, namespace: 'waivers.sign' }), checkoutErrorTexts(locale, SIGNING_ERRORS)]);
  return (
    <>
      <h2 className={props.titleClassName}>{text.title}</h2>
      <div className={css.text} tabIndex={0} role="region" aria-label={text.title} lang={text.locale}>
        {text.body}
      </div>
      <WaiverSignIsland
        eventId={props.eventId}
        kind={props.kind}
        participantId={props.participantId}
        signatoryRole={props.signatoryRole}
        textVersion={text.version}
        locale={locale}
        selfieRequired={props.selfieRequired}
        labels={{
          consentElectronic: tw('consentElectronic'),
          agreed: tw('agreed'),
          certified: tw('certified'),
          signatureLegend: tw('signatureLegend'),
          signatureStart: tw('signatureStart'),
          signatureHint: tw('signatureHint'),
          clear: tw('clear'),
          selfieLegend: tw('selfieLegend'),
          selfieStart: tw('selfieStart'),
          selfieTake: tw('selfieTake'),
          selfieRetake: tw('selfieRetake'),
          selfieAlt: tw('selfieAlt'),
          cameraError: tw('cameraError'),
          submit: tw('submit'),
          busy: tw('busy'),
          needConsents: tw('needConsents'),
          needSignature: tw('needSignature'),
          needSelfie: tw('needSelfie'),
          loading: tw('loading'),
        }}
        minorSignature={props.minorSignatureRequired && props.signatoryRole === 'guardian' ? { legend: tm('minorLegend', { name: props.coveredName }), hint: tm('minorHint'), missing: tm('needMinorSignature') } : null}
        errors={errors}
        fallback={tw('failed')}
        signedHref={props.signedHref}
        postPath={props.postPath}
      />
    </>
  );
}
