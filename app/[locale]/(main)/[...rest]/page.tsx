import { notFound } from 'next/navigation';

/** Any path no route matches renders the localized 404 page. */
export default function CatchAll() {
  notFound();
}
