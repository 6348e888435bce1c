/** A fresh React root in the document for each test of the current `describe`. */
import { createRoot, type Root } from 'react-dom/client';

export function useReactRoot(): { readonly host: HTMLElement; readonly root: Root } {
  let host: HTMLElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });
  return {
    get host() {
      return host;
    },
    get root() {
      return root;
    },
  };
}
