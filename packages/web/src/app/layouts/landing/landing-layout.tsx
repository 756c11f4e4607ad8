import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from '../../../lib/router';
import { AuthModalProvider } from '../../../features/auth';
import { useDismissConsoleFrame } from '../../console-frame';
import { useHydratedSignal } from '../../hydrated-signal';
import { LandingClients } from './landing-clients';
import { LandingCta } from './landing-cta';
import { LandingFaq } from './landing-faq';
import { LandingFeatures, LandingWhy } from './landing-features';
import { LandingFooter } from './landing-footer';
import { LandingHero } from './landing-hero';
import { LandingNavbar } from './landing-navbar';
import { LandingPricing } from './landing-pricing';

/** What an anonymous visitor sees on any path that is not a public route. */
export default function LandingLayout() {
  const { hash } = useLocation();
  // The sections render after the lazy chunk loads, so the browser's own jump to #pricing may have missed them.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  useHydratedSignal();
  useDismissConsoleFrame();
  return (
    <AuthModalProvider>
      <Box id="top">
        <LandingNavbar />
        <main id="main">
          <LandingHero />
          <LandingClients />
          <LandingFeatures />
          <LandingWhy />
          <LandingPricing />
          <LandingFaq />
          {/* The closing call to action, once the prices and the answers are read. */}
          <LandingCta />
        </main>
        <LandingFooter />
      </Box>
    </AuthModalProvider>
  );
}
