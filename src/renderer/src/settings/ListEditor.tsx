import { useId, useState } from 'react';

interface Field {
  id: string;
  label: string;
  multiline?: boolean;
  options?: string[];
}

/** A titled list with remove buttons and a small add form (used for profiles, MCP servers and policy overrides). */
export function ListEditor(props: {
  title: string;
  items: { key: string; label: string }[];
  fields: Field[];
  addLabel: string;
  removeLabel: string;
  onAdd: (values: Record<string, string>) => void;
  onRemove: (key: string) => void;
}) {
  const base = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (id: string, v: string) => setValues({ ...values, [id]: v });
  return (
    <fieldset className="list-editor">
      <legend>{props.title}</legend>
      <ul>
        {props.items.map((i) => (
          <li key={i.key}>
            {i.label}{' '}
            <button type="button" aria-label={`${props.removeLabel} ${i.label}`} onClick={() => props.onRemove(i.key)}>
              {props.removeLabel}
            </button>
          </li>
        ))}
      </ul>
      {props.fields.map((f) => (
        <div className="field" key={f.id}>
          <label htmlFor={`${base}-${f.id}`}>{f.label}</label>
          {f.options ? (
            <select id={`${base}-${f.id}`} value={values[f.id] ?? f.options[0]} onChange={(e) => set(f.id, e.target.value)}>
              {f.options.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          ) : f.multiline ? (
            <textarea id={`${base}-${f.id}`} value={values[f.id] ?? ''} onChange={(e) => set(f.id, e.target.value)} rows={3} />
          ) : (
            <input id={`${base}-${f.id}`} value={values[f.id] ?? ''} onChange={(e) => set(f.id, e.target.value)} />
          )}
        </div>
      ))}
      <button
        type="button"
        onClick={() => {
          if (!Object.values(values).some((v) => v.trim())) return;
          props.onAdd(values);
          setValues({});
        }}
      >
        {props.addLabel}
      </button>
    </fieldset>
  );
}
