import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { SCROLLED_THRESHOLD_PX } from '../../config/constants';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { LoadingScreen } from '../ui/loading-screen';
import classes from './app-layout.module.css';
import { Footer } from './footer';
import { OfflineNotice } from './offline-notice';
import { RouteFocus } from './route-focus';
import { TopBar } from './top-bar';

/** The frame of every screen: top bar, the routed page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  // The spec gives the 'scrolled' state to the home page only.
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX, pathname === '/');
  // The chat screen has its own fixed header (spec point 2) and fills the window.
  const inChat = pathname === '/chat' || pathname.startsWith('/chat/');
  const main = useRef<HTMLElement>(null);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      {!inChat && <TopBar scrolled={scrolled} />}
      <OfflineNotice />
      <Box component="main" ref={main} className={classes.main} style={{ flex: 1 }}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
          <RouteFocus main={main} />
        </Suspense>
      </Box>
      {!inChat && <Footer />}
    </Box>
  );
}
