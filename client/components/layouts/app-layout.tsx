import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { SCROLLED_THRESHOLD_PX } from '../../config/constants';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { LoadingScreen } from '../ui/loading-screen';
import { Footer } from './footer';
import { OfflineNotice } from './offline-notice';
import { TopBar } from './top-bar';

/** The frame of every screen: top bar, the routed page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  // The spec gives the 'scrolled' state to the home page only.
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX, pathname === '/');
  // The chat screen has its own fixed header (spec point 2) and fills the window.
  const inChat = pathname === '/chat' || pathname.startsWith('/chat/');

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      {!inChat && <TopBar scrolled={scrolled} />}
      <OfflineNotice />
      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
      {!inChat && <Footer />}
    </Box>
  );
}
