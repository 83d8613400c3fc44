import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A small site whose buttons change server state, for the fault tests: every request reaching
 * the server is logged (method, path, body), and that log is the oracle.
 *  - /list: field "Item", button "Add" (POST /api/add by fetch), the items as the server has them
 *    and a plain-text line "N items".
 *  - /apply: field "Full name", button "Submit application" (POST /api/apply), then a plain text
 *    paragraph "Application received #N".
 *  - /elsewhere: another page of the same site.
 *  - /trap: a field whose first input moves the tab to another site (the `other` server) while the
 *    fill is still working on it.
 */
export interface LoggedRequest {
  method: string;
  path: string;
  body: string;
}

export interface FaultSite {
  url: string;
  /** Another origin (another site) for cross-site navigations. */
  otherUrl: string;
  log: LoggedRequest[];
  /** State-changing requests (POST) to one API path, by body. */
  posts(path: string): LoggedRequest[];
  reset(): void;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

const LIST = page(
  'Shopping list',
  `<h1>Shopping list</h1>
  <label for="item">Item</label><input id="item">
  <button type="button" id="add">Add</button>
  <ul id="items" aria-label="Items"></ul>
  <p id="count"></p>
  <script>
    const render = (items) => {
      document.getElementById('items').replaceChildren(...items.map((t) => Object.assign(document.createElement('li'), { textContent: t })));
      document.getElementById('count').textContent = items.length + ' items';
    };
    fetch('/api/items').then((r) => r.json()).then(render);
    document.getElementById('add').addEventListener('click', async () => {
      const item = document.getElementById('item').value;
      const r = await fetch('/api/add', { method: 'POST', body: item });
      render(await r.json());
    });
  </script>`,
);

const APPLY = page(
  'Application',
  `<h1>Visa application</h1>
  <label for="name">Full name</label><input id="name">
  <button type="button" id="submit">Submit application</button>
  <div id="out"></div>
  <script>
    document.getElementById('submit').addEventListener('click', async () => {
      const r = await fetch('/api/apply', { method: 'POST', body: document.getElementById('name').value });
      const { n } = await r.json();
      const p = document.createElement('p');
      p.textContent = 'Application received #' + n;
      document.getElementById('out').replaceChildren(p);
    });
  </script>`,
);

const trap = (other: string) =>
  page(
    'Trap form',
    `<h1>Trap form</h1>
  <label for="city">City</label><input id="city">
  <label for="zip">Postcode</label><input id="zip">
  <script>
    document.getElementById('city').addEventListener('input', () => {
      if (localStorage.getItem('tripped')) return;
      localStorage.setItem('tripped', '1');
      location.href = ${JSON.stringify(other)};
      // keep this document busy while the other site's page commits, so the fill's next call finds it gone
      const until = Date.now() + 400;
      while (Date.now() < until) {}
    }, { once: true });
  </script>`,
  );

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (d) => {
      s += String(d);
    });
    req.on('end', () => resolve(s));
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
    }),
  );
}

export async function startFaultSite(opts: { apiDelayMs?: number } = {}): Promise<FaultSite> {
  const log: LoggedRequest[] = [];
  let items: string[] = [];
  let applications = 0;
  const delay = opts.apiDelayMs ?? 30;
  const other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page('Other site', '<h1>Another site</h1><p>Nothing to fill here.</p>'));
  });
  const otherUrl = await listen(other);
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = await bodyOf(req);
    log.push({ method: req.method ?? 'GET', path, body });
    const html = (s: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(s);
    };
    const json = (v: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(v));
    };
    if (path === '/list') return html(LIST);
    if (path === '/apply') return html(APPLY);
    if (path === '/trap') return html(trap(`${otherUrl}/`));
    if (path === '/elsewhere') return html(page('Elsewhere', '<h1>Elsewhere</h1><p>Another page of the same site.</p>'));
    if (path === '/api/items') return json(items);
    if (req.method === 'POST' && path === '/api/add') {
      await new Promise((r) => setTimeout(r, delay));
      items = [...items, body];
      return json(items);
    }
    if (req.method === 'POST' && path === '/api/apply') {
      await new Promise((r) => setTimeout(r, delay));
      applications++;
      return json({ n: applications });
    }
    res.writeHead(404);
    res.end();
  });
  const url = await listen(server);
  return {
    url,
    otherUrl,
    log,
    posts: (p) => log.filter((r) => r.method === 'POST' && r.path === p),
    reset: () => {
      log.length = 0;
      items = [];
      applications = 0;
    },
    close: async () => {
      server.closeAllConnections();
      other.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => other.close(r))]);
    },
  };
}
