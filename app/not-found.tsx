/** Fallback 404 for paths outside any locale segment (English, the default language). */
import Link from 'next/link';
import en from '@/messages/en.json';

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
        <h1>{en.errors.notFound}</h1>
        <p>
          <Link href="/">{en.errors.backHome}</Link>
        </p>
      </body>
    </html>
  );
}
