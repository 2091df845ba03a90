import { icons, type IconName } from '../catalog/icons';

export interface IconProps {
	name: IconName;
	size?: number;
}

/**
 * A lucide icon, rendered at build time to inline SVG (used without a `client:` directive).
 * Inline in HTML an `<svg>` needs no `xmlns` (the parser puts it in the SVG namespace), so it is
 * left out: every page carries several icons.
 */
export default function Icon({ name, size = 24 }: IconProps) {
	const Svg = icons[name];
	return <Svg size={size} aria-hidden="true" xmlns={undefined} />;
}
