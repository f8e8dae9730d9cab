import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';

/**
 * The heading is the product's ('404 Page Not Found'). The page speaks to a visitor who followed a
 * wrong link; the original brief's sentence for a developer ('Did you forget to add the page to the
 * router?') shows only outside production, where the visitor is the developer
 * (docs/product.md#route-table).
 */
export function NotFoundPage({ developerHint = false }: { developerHint?: boolean }) {
  return (
    <AuthLayout>
      <div className="card auth-card">
        <h1 className="card-title">404 Page Not Found</h1>
        <p>We could not find that page. The link may be mistyped, or the page may have moved.</p>
        {developerHint && <p className="muted small">Did you forget to add the page to the router?</p>}
        <a className="button button-primary" href={PATHS.dashboard}>
          Go to Dashboard
        </a>
      </div>
    </AuthLayout>
  );
}

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <AuthLayout>
      <div className="card auth-card" role="alert">
        <h1 className="card-title">{status === 403 ? 'Not allowed' : 'Something went wrong'}</h1>
        <p>{message}</p>
        <a className="button button-primary" href={PATHS.dashboard}>
          Go to Dashboard
        </a>
      </div>
    </AuthLayout>
  );
}
