/**
 * The frame of the login, forgot-password, reset-password and verify-email pages (spec §2
 * "Login, forgot password, reset password"): one centred card, at most 480 px wide and full
 * width on a phone, with the page's second-level heading (the sub-header holds the h1) and an
 * optional intro. Plain HTML (issue 23: ./auth.module.css); no hooks: usable from server
 * components and client leaves alike.
 */
import type { ReactNode } from 'react';
import css from './auth.module.css';

export interface AuthCardProps {
  /** The translated heading (h2). */
  heading: string;
  /** The id of the heading, for `aria-labelledby` of a form inside. */
  headingId?: string;
  /** A translated sentence under the heading. */
  intro?: string;
  children: ReactNode;
}

export function AuthCard({ heading, headingId, intro, children }: AuthCardProps) {
  return (
    <div className={css.frame}>
      <div className={css.card}>
        <h2 id={headingId} className={intro ? `${css.heading} ${css.withIntro}` : css.heading}>
          {heading}
        </h2>
        {intro ? <p className={css.intro}>{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
