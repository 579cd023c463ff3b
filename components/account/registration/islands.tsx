'use client';
/**
 * The participant registration stepper as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/island.tsx), dropped from the browser build */
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';

/** ./ParticipantStepper.tsx */
export const ParticipantStepperIsland = island<object>(
  () => import('./ParticipantStepper').then((m) => m.ParticipantStepper),
  onServer ? (require('./ParticipantStepper') as typeof import('./ParticipantStepper')).ParticipantStepper : null,
  { queries: true },
);
