# Compile the --help texts (cli/help/COMMAND.txt) into the binary:
#   cmake -DDIR=cli/help -DOUT=file.c -P embed.cmake
# One text per command, written once: `passport COMMAND --help` prints it
# and the man pages are made from the same files, so the two cannot drift.
file(GLOB texts "${DIR}/*.txt")
list(SORT texts)
set(body "")
set(table "")
set(i 0)
foreach(f ${texts})
  get_filename_component(name "${f}" NAME_WE)
  file(READ "${f}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  string(APPEND body "static const char help_${i}[] = {\n${bytes}0x00};\n")
  string(APPEND table "    {\"${name}\", help_${i}},\n")
  math(EXPR i "${i} + 1")
endforeach()
file(WRITE "${OUT}.tmp"
"/* Generated from the texts of cli/help by cli/help/embed.cmake; do not edit. */
#include <stddef.h>
#include <string.h>
${body}
static const struct {
    const char *name;
    const char *text;
} table[] = {
${table}};

const char *cli_help(const char *cmd);
const char *cli_help(const char *cmd)
{
    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
        if (strcmp(table[i].name, cmd) == 0)
            return table[i].text;
    return \"\";
}
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
