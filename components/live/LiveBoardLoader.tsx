'use client';
/**
 * The live board (./LiveBoard.tsx) as a piece loaded when used (issue 23): rendered on the
 * server as before, its code fetched only by pages that show a live race (a race page of a
 * finished race never loads it).
 */
import dynamic from 'next/dynamic';

export const LiveBoard = dynamic(() => import('./LiveBoard').then((m) => m.LiveBoard));
