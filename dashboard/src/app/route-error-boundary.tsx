import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { Button } from '../components/button.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { ApiRequestError } from '../lib/api-client.ts';

function describe(error: unknown): { message: string; details: { label: string; value: string }[] } {
  if (error instanceof ApiRequestError) {
    const details = [{ label: 'Code', value: error.code }];
    if (error.requestId) details.push({ label: 'Request id', value: error.requestId });
    return { message: error.message, details };
  }
  if (isRouteErrorResponse(error)) {
    return { message: `The page could not be loaded (${error.status} ${error.statusText}).`, details: [] };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: 'Something went wrong while showing this page.', details: [{ label: 'Error', value: message }] };
}

/** Keeps the layout around a failed page and offers a way back without a blank screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const { reset: resetFailedQueries } = useQueryErrorResetBoundary();
  const { message, details } = describe(error);

  // A navigation to the same address clears the router's error state and remounts the page.
  const retry = () => {
    resetFailedQueries();
    void navigate(location, { replace: true, state: location.state });
  };

  return (
    <ErrorState
      title="This page could not be shown"
      message={message}
      details={details}
      actions={
        <>
          <Button variant="primary" onClick={retry}>
            Try again
          </Button>
          {/* A page whose code failed to download only comes back with a full reload. */}
          <Button onClick={() => window.location.reload()}>Reload the console</Button>
        </>
      }
    />
  );
}
