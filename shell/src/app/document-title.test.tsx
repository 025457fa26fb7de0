import { render } from '@testing-library/react';
import { useDocumentTitle as usePageTitle } from '@gestion/shared/react';
import { useDocumentTitle } from './document-title';

function Tab() {
  usePageTitle('Usuarios');
  return null;
}

function Route() {
  useDocumentTitle('Configuración');
  return <Tab />;
}

describe('document title', () => {
  it("lets a page's own title (shared's useDocumentTitle) win over its route's in the same render", () => {
    render(<Route />);
    expect(document.title).toBe('Usuarios');
  });
});
