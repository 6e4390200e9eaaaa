import type { Metadata } from 'next';
import Link from 'next/link';
import './globals.css';

export const metadata: Metadata = {
  title: 'cms-typed-client with Next.js',
  description: 'Strapi content in server components, typed end to end and cached by tag.',
};

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en">
      <body>
        <nav style={{ display: 'flex', gap: '1rem', padding: '1rem' }}>
          <Link href="/">Articles</Link>
          <Link href="/authors">Authors</Link>
          <Link href="/search?q=strapi">Search</Link>
        </nav>
        {children}
      </body>
    </html>
  );
}
