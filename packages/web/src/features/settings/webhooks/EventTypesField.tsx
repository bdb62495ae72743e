import { Checkbox } from '../shared/Checkbox';
import { EVENT_TYPES, eventDescription, type EventType } from './event-types';

/** Event type checkboxes, each named by its type id, with "All events" to pick every one. */
export function EventTypesField({
  value,
  onChange,
  error,
}: {
  value: EventType[];
  onChange: (value: EventType[]) => void;
  error?: string;
}) {
  const all = value.length === EVENT_TYPES.length;
  return (
    <fieldset className={error ? 'field invalid' : 'field'}>
      <legend>Event types</legend>
      <Checkbox
        id="wh-all-events"
        label="All events"
        checked={all}
        onChange={(on) => onChange(on ? EVENT_TYPES : [])}
      />
      <div className="checks-columns">
        {EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            id={`wh-event-${type.replace(/[._]/g, '-')}`}
            label={type}
            description={eventDescription(type)}
            checked={value.includes(type)}
            onChange={(on) =>
              onChange(EVENT_TYPES.filter((t) => (t === type ? on : value.includes(t))))
            }
          />
        ))}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
