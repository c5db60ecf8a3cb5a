#!/bin/sh
# Put Witchhunt Table in the current user's application menu (freedesktop desktop entry),
# so the built app starts with a click; --desktop also drops a launcher on the desktop.
#
#   build/install-desktop-entry.sh [--app PATH] [--desktop]     # from the source tree
#   ./install-desktop-entry.sh [--desktop]                      # from an unpacked dist/witchhunt
#   build/install-desktop-entry.sh --uninstall
#
# Installs only under $XDG_DATA_HOME (default ~/.local/share); needs no root.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
app=""
on_desktop=0
uninstall=0
while [ $# -gt 0 ]; do
    case "$1" in
        --app) [ $# -ge 2 ] || { echo "install-desktop-entry: --app needs a path" >&2; exit 2; }
               app=$2; shift ;;
        --desktop) on_desktop=1 ;;
        --uninstall) uninstall=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "install-desktop-entry: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

data_home=${XDG_DATA_HOME:-$HOME/.local/share}
entry_name=witchhunt-table
entry="$data_home/applications/$entry_name.desktop"
desktop_dir=$( (command -v xdg-user-dir >/dev/null 2>&1 && xdg-user-dir DESKTOP) || echo "$HOME/Desktop")

refresh() {
    # Menus pick up changes without these on most desktops; run them when present.
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data_home/applications" 2>/dev/null || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data_home/icons/hicolor" 2>/dev/null || true
}

if [ "$uninstall" = 1 ]; then
    rm -f "$entry" "$desktop_dir/$entry_name.desktop"
    for size in 16 32 48 64 128 256 512; do
        rm -f "$data_home/icons/hicolor/${size}x${size}/apps/$entry_name.png"
    done
    refresh
    echo "removed $entry"
    exit 0
fi

if [ -z "$app" ]; then
    if [ -x "$here/witchhunt" ] && [ -f "$here/witchhunt" ]; then
        app="$here/witchhunt"                    # run from inside dist/witchhunt/
    else
        app="$here/../dist/witchhunt/witchhunt"  # run from build/ in the source tree
    fi
fi
if [ ! -x "$app" ] || [ ! -f "$app" ]; then
    echo "install-desktop-entry: no built app at $app (run 'make package' first, or pass --app PATH)" >&2
    exit 1
fi
app=$(cd "$(dirname "$app")" && pwd)/$(basename "$app")
case "$app" in
    *[\"\`\$\\%]*|*"
"*) echo "install-desktop-entry: the path $app has characters a desktop entry cannot quote; move the app" >&2
        exit 1 ;;
esac

template="$here/witchhunt.desktop"
[ -f "$template" ] || { echo "install-desktop-entry: $template is missing" >&2; exit 1; }

for size in 16 32 48 64 128 256 512; do
    if [ -f "$here/witchhunt-$size.png" ]; then
        mkdir -p "$data_home/icons/hicolor/${size}x${size}/apps"
        cp "$here/witchhunt-$size.png" "$data_home/icons/hicolor/${size}x${size}/apps/$entry_name.png"
    fi
done

mkdir -p "$data_home/applications"
# Exec and TryExec get the absolute, quoted path: desktop entries do not search relative paths.
app_sed=$(printf '%s' "$app" | sed 's/[&|]/\\&/g')  # & and | are special to sed's s|||
sed -e "s|^Exec=.*|Exec=\"$app_sed\"|" -e "s|^TryExec=.*|TryExec=$app_sed|" "$template" > "$entry.tmp"
chmod 755 "$entry.tmp"
mv "$entry.tmp" "$entry"
echo "installed $entry"

if [ "$on_desktop" = 1 ]; then
    mkdir -p "$desktop_dir"
    cp "$entry" "$desktop_dir/$entry_name.desktop"
    chmod 755 "$desktop_dir/$entry_name.desktop"
    # GNOME asks before running an untrusted launcher; mark ours trusted when gio is there.
    command -v gio >/dev/null 2>&1 && gio set "$desktop_dir/$entry_name.desktop" metadata::trusted true 2>/dev/null || true
    echo "installed $desktop_dir/$entry_name.desktop"
fi
refresh
