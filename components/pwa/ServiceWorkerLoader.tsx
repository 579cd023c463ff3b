'use client';
/**
 * Loads the service worker's registration (./ServiceWorker.tsx) once the page is interactive,
 * in the browser only (issue 23: @serwist's code is not part of any page's first load; a
 * service worker is registered after the page has loaded anyway).
 */
import dynamic from 'next/dynamic';

export const ServiceWorkerLoader = dynamic(() => import('./ServiceWorker'), { ssr: false });
