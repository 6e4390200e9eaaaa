'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { listenToStrapiPreview } from '@/cms';

/**
 * Inside Strapi's preview panel: when the editor saves or publishes, Strapi tells the page
 * (`strapiUpdate`) and the page renders again with the new draft. Outside a frame it does
 * nothing.
 */
export function LivePreview({ strapiOrigin }: { strapiOrigin: string }) {
  const router = useRouter();
  useEffect(
    () => listenToStrapiPreview({ strapiOrigin, onUpdate: () => router.refresh() }),
    [router, strapiOrigin],
  );
  return null;
}
