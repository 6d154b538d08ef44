import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { SCROLLED_THRESHOLD_PX } from '../../config/constants';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { LoadingScreen } from '../ui/loading-screen';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** The frame of every screen: top bar, the routed page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  // The spec gives the 'scrolled' state to the home page only.
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX, pathname === '/');

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <TopBar scrolled={scrolled} />
      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
