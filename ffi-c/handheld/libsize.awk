# libsize.awk: the bytes a library's input sections take in a GNU ld map file (-Map).
#   awk -v lib=libtablic.a -f libsize.awk firmware.map
# prints "flash F ram R text T rodata O data D bss B": flash = text + rodata + data (its
# initial values are stored in flash) + exception tables; ram = data + bss. Only sections
# kept in the output are counted (the map's "Discarded input sections" come before
# "Linker script and memory map" and are skipped).

function hex(text,    i, c, value) {
    value = 0
    text = tolower(text)
    sub(/^0x/, "", text)
    for (i = 1; i <= length(text); i++) {
        c = index("0123456789abcdef", substr(text, i, 1))
        if (c == 0) return -1
        value = value * 16 + c - 1
    }
    return value
}

function add(name, address, size, file,    bytes) {
    if (index(file, lib "(") == 0) return
    bytes = hex(size)
    if (bytes <= 0 || hex(address) < 0) return
    if (name ~ /^\.text/) text += bytes
    else if (name ~ /^\.rodata/) rodata += bytes
    else if (name ~ /^\.data/) data += bytes
    else if (name ~ /^\.bss/ || name == "COMMON") bss += bytes
    else if (name ~ /^\.ARM\.ex/) exidx += bytes
}

/^Linker script and memory map/ { on = 1; next }
!on { next }
# An input section: " .name address size file", or " .name" alone with the rest on the next line.
/^ [.A-Z]/ {
    pending = $1
    if (NF >= 4 && $2 ~ /^0x/ && $3 ~ /^0x/) { add($1, $2, $3, $4); pending = "" }
    next
}
pending != "" && /^ +0x[0-9a-fA-F]+ +0x[0-9a-fA-F]+ / { add(pending, $1, $2, $3); pending = ""; next }
{ pending = "" }

END {
    printf "flash %d ram %d text %d rodata %d data %d bss %d exidx %d\n",
        text + rodata + data + exidx, data + bss, text, rodata, data, bss, exidx
}
