import { useId, useState } from 'react';
import type { PlaceSetting } from '../../../shared/ipc/index.ts';
import { useSettingsText } from './texts.ts';

/** "label: value" lines → details; a line without a colon is a note. */
function detailsOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().slice(0, 60)] = line.slice(i + 1).trim();
    else out.note = out.note ? `${out.note} ${line}` : line;
  }
  return out;
}

/** The person's saved places: a name and "label: value" lines each; the concierge answers about them without private details. */
export function PlacesEditor(props: { places: PlaceSetting[]; onChange: (places: PlaceSetting[]) => void }) {
  const s = useSettingsText();
  const base = useId();
  const [name, setName] = useState('');
  const [details, setDetails] = useState('');
  const add = () => {
    if (!name.trim()) return;
    const place = { name: name.trim(), details: detailsOf(details) };
    props.onChange([...props.places.filter((p) => p.name !== place.name), place]);
    setName('');
    setDetails('');
  };
  return (
    <fieldset className="list-editor places-editor" data-testid="places-editor">
      <legend>{s('places')}</legend>
      <p className="muted">{s('placesHelp')}</p>
      <ul>
        {props.places.map((p) => (
          <li key={p.name}>
            <strong>{p.name}</strong>{' '}
            <span className="muted">
              {Object.entries(p.details)
                .map(([k, v]) => `${k}: ${v}`)
                .join(' · ')}
            </span>{' '}
            <button type="button" onClick={() => props.onChange(props.places.filter((x) => x.name !== p.name))}>
              {s('placeRemove')}
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor={`${base}-name`}>{s('placeName')}</label>
      <input id={`${base}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <label htmlFor={`${base}-details`}>{s('placeDetails')}</label>
      <textarea id={`${base}-details`} rows={3} value={details} onChange={(e) => setDetails(e.target.value)} />
      <button type="button" onClick={add} disabled={!name.trim()}>
        {s('placeAdd')}
      </button>
    </fieldset>
  );
}
