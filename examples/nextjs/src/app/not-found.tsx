import Link from 'next/link';

/** What `notFound()` renders (an unknown slug), and any URL no route matches; answered with a 404. */
export default function NotFound() {
  return (
    <main>
      <h1>Not found</h1>
      <p>No article or page at this address.</p>
      <p>
        <Link href="/">All articles</Link>
      </p>
    </main>
  );
}
