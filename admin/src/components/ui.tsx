/** Small shared pieces: page header, empty state, copy field, confirm-before-acting button. */
import { useState, type ReactNode } from 'react';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput, Title, type ButtonProps } from '@mantine/core';
import { useT } from '../app/i18n.tsx';
import { common } from './messages.ts';

export function PageHeader({ title, actions, description }: { title: string; actions?: ReactNode; description?: string }) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}

/** What an empty list says: what it will hold and how to add the first one. */
export function EmptyState({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="status">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" ta="center" maw={480}>
        {body}
      </Text>
      {action}
    </Stack>
  );
}

/** A read-only value with a copy button (credentials, keys, URLs). */
export function CopyField({ label, value, description }: { label: string; value: string; description?: string }) {
  const t = useT(common);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {/* 13 px, not the inputs' 14: DejaVu Sans Mono (Linux's usual monospace) hinted at 14 px draws the
          underscore below the text box an input clips to, and every credential has them (sid_, ssk_, put_, sk_live_) */}
      <TextInput label={label} description={description} value={value} readOnly style={{ flex: 1 }} styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} aria-label={`${copied ? t('copied') : t('copy')}: ${label}`}>
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * A dialog: Mantine's Modal, but its header is a plain element (a <header> inside a dialog reads
 * as a second banner landmark) and its close button is named. Focus is trapped inside; Escape
 * closes it.
 */
export function Dialog({ opened, onClose, title, size, children, closeOnClickOutside }: { opened: boolean; onClose: () => void; title: string; size?: string; children: ReactNode; closeOnClickOutside?: boolean }) {
  const t = useT(common);
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} centered closeOnClickOutside={closeOnClickOutside}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** A button that asks before acting (revoke, delete): the dialog names what happens. */
export function ConfirmButton({ children, title, body, confirmLabel, onConfirm, ...props }: ButtonProps & { children: ReactNode; title: string; body: string; confirmLabel: string; onConfirm: () => Promise<unknown> | void; 'aria-label'?: string }) {
  const t = useT(common);
  const [open, setOpen] = useState(false);
  // the dialog exists from the first click on (then it stays, for its closing transition): a
  // list with a delete button per row does not mount a hundred closed dialogs
  const [used, setUsed] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        color="red"
        variant="light"
        {...props}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {used && (
        <Dialog opened={open} onClose={() => setOpen(false)} title={title}>
          <Text mb="md">{body}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                  setOpen(false);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Dialog>
      )}
    </>
  );
}
