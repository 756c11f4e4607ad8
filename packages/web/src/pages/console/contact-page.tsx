import { ContactCenter } from '../../features/site';

export default function ContactPage() {
  return <ContactCenter />;
}
