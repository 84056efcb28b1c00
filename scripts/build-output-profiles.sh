#!/usr/bin/env bash
# Builds the registered CMYK output profiles in assets/icc/ (see assets/icc/README.md).
#
# Run by a developer when the profiles should change, never at install or test time: the
# .icc files it writes are committed, so setup and CI need neither ArgyllCMS nor this script.
#
#   apt-get install -y argyll icc-profiles-free   # Debian 12: ArgyllCMS 2.3.1
#   scripts/build-output-profiles.sh              # one to two minutes per profile
#
# Input: the characterisation data (CMYK → measured Lab/XYZ, CGATS .ti3) that Debian's
# icc-profiles-free ships under the Zlib licence. Output: one ICC v2 output profile per
# condition, built by colprof with
#   -qm              medium quality (a few hundred KB per profile)
#   -kr              ramp black generation (K from 0 in the highlights to full K at black)
#   -l<TAC> -L100    the condition's total area coverage; black itself up to 100 %
#   -nc              no copy of the measurement data inside the profile (smaller file)
# and no source gamut (-s/-S): the perceptual and saturation tables are the colorimetric one,
# so a colour the press can print is printed as it is (a brand colour stays that colour) and
# only colours outside the condition's gamut are clipped to its edge. A perceptual table
# gamut-mapped from sRGB (-S sRGB.icc) desaturates every colour to make room for sRGB's
# gamut: designs drifted from their RGB look by mean ΔE76 8.8 instead of 7.0 on the test page
# of test/unit/engines/pdf/cmyk.test.ts (Ghostscript's SWOP profile: 6.8).
set -euo pipefail

DATA=/usr/share/color/icc
OUT="$(cd "$(dirname "$0")/.." && pwd)/assets/icc"
command -v colprof >/dev/null || { echo "colprof missing: apt-get install -y argyll" >&2; exit 1; }
[ -f "$DATA/FOGRA39L.ti3" ] || { echo "$DATA/FOGRA39L.ti3 missing: apt-get install -y icc-profiles-free" >&2; exit 1; }

# id | data file | total ink limit % | description
PROFILES=(
  "fogra39|FOGRA39L|330|Folio FOGRA39 (ISO 12647-2:2004/Amd 1 offset, coated paper PT1/2)"
  "fogra29|FOGRA29L|300|Folio FOGRA29 (ISO 12647-2:2004 offset, uncoated white paper PT4)"
  "gracol2006|TR006|320|Folio GRACoL 2006 (CGATS TR 006, sheet-fed offset, grade 1 coated)"
  "swop|TR003|300|Folio SWOP (CGATS TR 003, web offset, grade 3 coated)"
)

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
for row in "${PROFILES[@]}"; do
  IFS='|' read -r id data tac desc <<<"$row"
  cp "$DATA/$data.ti3" "$WORK/$id.ti3"
  echo "building $id from $data.ti3 (TAC ${tac} %)"
  colprof -qm -kr -l"$tac" -L100 -nc \
    -D "$desc" \
    -C "Built by Folio from $data characterisation data (icc-profiles-free, Zlib licence) with ArgyllCMS colprof; profile under the Zlib licence" \
    "$WORK/$id"
  cp "$WORK/$id.icc" "$OUT/$id.icc"
done
ls -l "$OUT"/*.icc
