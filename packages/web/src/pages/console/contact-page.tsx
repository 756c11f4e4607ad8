import { IconMail } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function ContactPage() {
  return <ConsoleEmptyPage page="contact" icon={<IconMail size={32} aria-hidden />} />;
}
