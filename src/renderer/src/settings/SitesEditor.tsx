import { useId, useState } from 'react';
import type { SiteSetting } from '../../../shared/ipc/index.ts';
import { type SettingsText, useSettingsText } from './texts.ts';

/** The browse tasks a person can point at their own sites, and the concierge's route and tourism sites. */
const PACKS = ['flights', 'hotels', 'shopping', 'forms', 'routes', 'tourism'] as const;

/** Sites per task: a list per pack (name + address), each with edit and remove, and one form to add or change. */
export function SitesEditor(props: { sites: SiteSetting[]; onChange: (sites: SiteSetting[]) => void }) {
  const s = useSettingsText();
  const base = useId();
  const [pack, setPack] = useState<string>('flights');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [editing, setEditing] = useState<number>();
  const [bad, setBad] = useState(false);
  const reset = () => {
    setName('');
    setUrl('');
    setEditing(undefined);
    setBad(false);
  };
  const commit = () => {
    const address = url.trim();
    if (!/^https?:\/\/\S+$/i.test(address) || !URL.canParse(address)) {
      setBad(true);
      return;
    }
    const site: SiteSetting = { pack, name: name.trim() || new URL(address).host, url: address };
    props.onChange(editing === undefined ? [...props.sites, site] : props.sites.map((x, i) => (i === editing ? site : x)));
    reset();
  };
  return (
    <fieldset className="list-editor sites-editor" data-testid="sites-editor">
      <legend>{s('sites')}</legend>
      <p className="muted">{s('sitesHelp')}</p>
      {PACKS.map((p) => {
        const mine = props.sites.map((x, i) => ({ ...x, i })).filter((x) => x.pack === p);
        return (
          <section key={p} aria-label={s(`pack_${p}` as SettingsText)}>
            <h4>{s(`pack_${p}` as SettingsText)}</h4>
            {mine.length ? (
              <ul>
                {mine.map((x) => (
                  <li key={x.i}>
                    <span className="site-name">{x.name}</span> — <span className="site-url">{x.url}</span>{' '}
                    <button
                      type="button"
                      aria-label={`${s('siteEdit')} ${x.name}`}
                      onClick={() => {
                        setPack(x.pack);
                        setName(x.name);
                        setUrl(x.url);
                        setEditing(x.i);
                      }}
                    >
                      {s('siteEdit')}
                    </button>{' '}
                    <button
                      type="button"
                      aria-label={`${s('siteRemove')} ${x.name}`}
                      onClick={() => {
                        props.onChange(props.sites.filter((_, i) => i !== x.i));
                        if (editing === x.i) reset();
                      }}
                    >
                      {s('siteRemove')}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{s('siteNone')}</p>
            )}
          </section>
        );
      })}
      <div className="field">
        <label htmlFor={`${base}-pack`}>{s('sites')}</label>
        <select id={`${base}-pack`} value={pack} onChange={(e) => setPack(e.target.value)}>
          {PACKS.map((p) => (
            <option key={p} value={p}>
              {s(`pack_${p}` as SettingsText)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${base}-name`}>{s('siteName')}</label>
        <input id={`${base}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${base}-url`}>{s('siteUrl')}</label>
        <input
          id={`${base}-url`}
          type="url"
          value={url}
          aria-invalid={bad}
          onChange={(e) => {
            setUrl(e.target.value);
            setBad(false);
          }}
        />
        {bad && <p role="alert">{s('siteBadUrl')}</p>}
      </div>
      <button type="button" onClick={commit}>
        {editing === undefined ? s('siteAdd') : s('siteSave')}
      </button>
    </fieldset>
  );
}
