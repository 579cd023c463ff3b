/**
 * The spectator person form's labels (./SpectatorForms `PersonForm`; issue 28), translated on the
 * server: the fields every mode shares (steps 1 and 3, a visitor's account, a ticket given to
 * someone else). Each page adds its own hint and button (`emailHint`, `submit`).
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import type { PersonFormLabels } from './SpectatorForms';

/** The shared labels of `locale` (all but `emailHint` and `submit`). */
export async function personLabels(locale: Locale): Promise<Omit<PersonFormLabels, 'emailHint' | 'submit'>> {
  const [t, tf] = await Promise.all([getTranslations({ locale, namespace: 'spectatorPages' }), getTranslations({ locale, namespace: 'accountFields' })]);
  return {
    firstName: tf('firstName'),
    lastName: tf('lastName'),
    gender: tf('gender'),
    male: tf('male'),
    female: tf('female'),
    birthday: tf('birthday'),
    email: tf('email'),
    day: t('buyer.dayLabel'),
    busy: t('busy'),
    goToExisting: t('add.goToExisting'),
    changeEmail: t('add.changeEmail'),
  };
}
