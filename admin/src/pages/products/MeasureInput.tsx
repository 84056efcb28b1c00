/**
 * A number field that keeps what is being typed ("12.", "0,5" half-way) while it has focus and
 * follows the value from outside (a dragged handle) otherwise.
 */
import { useEffect, useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function MeasureInput({ value, onValue, ...props }: Omit<NumberInputProps, 'value' | 'onChange'> & { value: number; onValue: (v: number) => void }) {
  const [text, setText] = useState<string | number>(value);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(value);
  }, [value, editing]);
  return (
    <NumberInput
      {...props}
      value={text}
      onChange={(v) => {
        setText(v);
        const n = typeof v === 'number' ? v : Number.parseFloat(v);
        if (Number.isFinite(n)) onValue(n);
      }}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
    />
  );
}
