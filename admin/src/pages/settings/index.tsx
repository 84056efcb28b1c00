/** settings: to be built (this file is replaced by the settings pages). */
import { Title } from '@mantine/core';

export default function Area() {
  return <Title order={1} size="h2">settings</Title>;
}
