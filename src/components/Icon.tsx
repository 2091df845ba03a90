import { icons, type IconName } from '../catalog/icons';

export interface IconProps {
	name: IconName;
	size?: number;
}

/** A lucide icon, rendered at build time to inline SVG (used without a `client:` directive). */
export default function Icon({ name, size = 24 }: IconProps) {
	const Svg = icons[name];
	return <Svg size={size} aria-hidden="true" focusable="false" />;
}
