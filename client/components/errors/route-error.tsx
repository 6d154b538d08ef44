import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Group } from '@mantine/core';
import { retryFailedImports } from '../../lib/lazy-with-retry';
import { TopBar } from '../layouts/top-bar';
import { StatusPanel } from '../ui/status-panel';

interface RouteErrorProps {
  title?: string;
  /** The page hides the app's top bar for a header of its own (the chat): bring it back. */
  withTopBar?: boolean;
}

/**
 * A route's errorElement: the page failed to render, so it shows what happened and two ways
 * on, while the layout around it (and the rest of the app) keeps working. 'Try Again' renders
 * the page afresh (a navigation to the same address resets React Router's boundary), loading
 * again a page whose chunk failed to load (offline).
 */
export function RouteError({
  title = 'Something went wrong',
  withTopBar = false,
}: RouteErrorProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const retry = () => {
    retryFailedImports();
    const { pathname, search, hash, state } = location;
    void navigate({ pathname, search, hash }, { replace: true, state });
  };

  return (
    <>
      {withTopBar && <TopBar scrolled={false} />}
      <StatusPanel
        title={title}
        text={
          <span role="alert">
            This page could not be shown. Try again, or return to the home page.
          </span>
        }
      >
        <Group justify="center">
          <Button variant="default" onClick={retry}>
            Try Again
          </Button>
          <Button component={Link} to="/">
            Return To Home
          </Button>
        </Group>
      </StatusPanel>
    </>
  );
}
