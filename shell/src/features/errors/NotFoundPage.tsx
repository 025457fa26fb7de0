import { AppError, MESSAGES } from '@gestion/shared';
import { ErrorPage } from './ErrorPage';

/** Unknown routes (SPEC §2): 404 with the text 'Page not found'. */
export function NotFoundPage() {
  return <ErrorPage error={new AppError({ statusCode: 404, statusMessage: MESSAGES.notFound })} />;
}
