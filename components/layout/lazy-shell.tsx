'use client';
/**
 * Shell pieces that show nothing when a page first renders, loaded once it is interactive
 * (issue 23: their code stays off every page's first load): the sponsor strip appears only once
 * every logo has loaded. (The online/offline notices stay in the first load: a page that goes
 * offline at once could no longer fetch their code.)
 */
import dynamic from 'next/dynamic';

export const SponsorStrip = dynamic(() => import('./SponsorStrip').then((m) => m.SponsorStrip), { ssr: false });
