/*
 * utf8.c - strict UTF-8 validation; simple lower-casing and the folding
 * of traditional Han characters the checker compares.
 */
#include "utf8.h"

#include <stdlib.h>

#include "banned.h"

int pp_utf8_valid(const char *str, size_t len, size_t *bad)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;

    while (i < len) {
        unsigned c = s[i];
        size_t n;
        unsigned cp, min;

        if (c < 0x80) {
            i++;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 1, cp = c & 0x1F, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2, cp = c & 0x0F, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3, cp = c & 0x07, min = 0x10000;
        } else {
            goto invalid;
        }
        if (len - i <= n)
            goto invalid;
        for (size_t k = 1; k <= n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                goto invalid;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            goto invalid;
        i += n + 1;
    }
    return 1;
invalid:
    if (bad)
        *bad = i;
    return 0;
}

size_t pp_utf8_count(const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            n++;
    return n;
}

/* Traditional Han characters of the checker's lexicons (and of the words
 * around them) and their simplified forms, by the traditional code point:
 * 參數 is 参数, 億 is 亿.  Each is three bytes in UTF-8 both ways. */
static const struct han_pair {
    unsigned trad, simp;
} han_pairs[] = {
    {0x4E26, 0x5E76}, /* 並 并 */
    {0x4F86, 0x6765}, /* 來 来 */
    {0x500B, 0x4E2A}, /* 個 个 */
    {0x5011, 0x4EEC}, /* 們 们 */
    {0x50F9, 0x4EF7}, /* 價 价 */
    {0x5104, 0x4EBF}, /* 億 亿 */
    {0x512A, 0x4F18}, /* 優 优 */
    {0x5169, 0x4E24}, /* 兩 两 */
    {0x5225, 0x522B}, /* 別 别 */
    {0x52D5, 0x52A8}, /* 動 动 */
    {0x52D9, 0x52A1}, /* 務 务 */
    {0x52DD, 0x80DC}, /* 勝 胜 */
    {0x52E2, 0x52BF}, /* 勢 势 */
    {0x5340, 0x533A}, /* 區 区 */
    {0x53C3, 0x53C2}, /* 參 参 */
    {0x554F, 0x95EE}, /* 問 问 */
    {0x5BE6, 0x5B9E}, /* 實 实 */
    {0x5C08, 0x4E13}, /* 專 专 */
    {0x5C0D, 0x5BF9}, /* 對 对 */
    {0x5C0E, 0x5BFC}, /* 導 导 */
    {0x5C64, 0x5C42}, /* 層 层 */
    {0x5E7E, 0x51E0}, /* 幾 几 */
    {0x5F8C, 0x540E}, /* 後 后 */
    {0x5F9E, 0x4ECE}, /* 從 从 */
    {0x61C9, 0x5E94}, /* 應 应 */
    {0x63A1, 0x91C7}, /* 採 采 */
    {0x640D, 0x635F}, /* 損 损 */
    {0x64DA, 0x636E}, /* 據 据 */
    {0x64EC, 0x62DF}, /* 擬 拟 */
    {0x6578, 0x6570}, /* 數 数 */
    {0x65BC, 0x4E8E}, /* 於 于 */
    {0x6642, 0x65F6}, /* 時 时 */
    {0x6703, 0x4F1A}, /* 會 会 */
    {0x69CB, 0x6784}, /* 構 构 */
    {0x6B0A, 0x6743}, /* 權 权 */
    {0x6B78, 0x5F52}, /* 歸 归 */
    {0x6C23, 0x6C14}, /* 氣 气 */
    {0x6C7A, 0x51B3}, /* 決 决 */
    {0x6C92, 0x6CA1}, /* 沒 没 */
    {0x6E1B, 0x51CF}, /* 減 减 */
    {0x6E96, 0x51C6}, /* 準 准 */
    {0x6F70, 0x6E83}, /* 潰 溃 */
    {0x70BA, 0x4E3A}, /* 為 为 */
    {0x7121, 0x65E0}, /* 無 无 */
    {0x73FE, 0x73B0}, /* 現 现 */
    {0x7570, 0x5F02}, /* 異 异 */
    {0x7576, 0x5F53}, /* 當 当 */
    {0x767C, 0x53D1}, /* 發 发 */
    {0x790E, 0x7840}, /* 礎 础 */
    {0x7A2E, 0x79CD}, /* 種 种 */
    {0x7A69, 0x7A33}, /* 穩 稳 */
    {0x7BC0, 0x8282}, /* 節 节 */
    {0x7D04, 0x7EA6}, /* 約 约 */
    {0x7D1A, 0x7EA7}, /* 級 级 */
    {0x7D55, 0x7EDD}, /* 絕 绝 */
    {0x7DB2, 0x7F51}, /* 網 网 */
    {0x7DDA, 0x7EBF}, /* 線 线 */
    {0x7DF4, 0x7EC3}, /* 練 练 */
    {0x7E2E, 0x7F29}, /* 縮 缩 */
    {0x7E3D, 0x603B}, /* 總 总 */
    {0x7E3E, 0x7EE9}, /* 績 绩 */
    {0x8207, 0x4E0E}, /* 與 与 */
    {0x842C, 0x4E07}, /* 萬 万 */
    {0x8655, 0x5904}, /* 處 处 */
    {0x8667, 0x4E8F}, /* 虧 亏 */
    {0x898B, 0x89C1}, /* 見 见 */
    {0x898F, 0x89C4}, /* 規 规 */
    {0x89C0, 0x89C2}, /* 觀 观 */
    {0x89F8, 0x89E6}, /* 觸 触 */
    {0x8A08, 0x8BA1}, /* 計 计 */
    {0x8A13, 0x8BAD}, /* 訓 训 */
    {0x8A18, 0x8BB0}, /* 記 记 */
    {0x8A2D, 0x8BBE}, /* 設 设 */
    {0x8A5E, 0x8BCD}, /* 詞 词 */
    {0x8A9E, 0x8BED}, /* 語 语 */
    {0x8AA4, 0x8BEF}, /* 誤 误 */
    {0x8AAA, 0x8BF4}, /* 說 说 */
    {0x8B49, 0x8BC1}, /* 證 证 */
    {0x8B80, 0x8BFB}, /* 讀 读 */
    {0x8CC7, 0x8D44}, /* 資 资 */
    {0x8CEA, 0x8D28}, /* 質 质 */
    {0x8F03, 0x8F83}, /* 較 较 */
    {0x8F2A, 0x8F6E}, /* 輪 轮 */
    {0x9019, 0x8FD9}, /* 這 这 */
    {0x9032, 0x8FDB}, /* 進 进 */
    {0x904B, 0x8FD0}, /* 運 运 */
    {0x904E, 0x8FC7}, /* 過 过 */
    {0x9054, 0x8FBE}, /* 達 达 */
    {0x932F, 0x9519}, /* 錯 错 */
    {0x9375, 0x952E}, /* 鍵 键 */
    {0x9577, 0x957F}, /* 長 长 */
    {0x9580, 0x95E8}, /* 門 门 */
    {0x958B, 0x5F00}, /* 開 开 */
    {0x95BE, 0x9608}, /* 閾 阈 */
    {0x95DC, 0x5173}, /* 關 关 */
    {0x9663, 0x9635}, /* 陣 阵 */
    {0x968E, 0x9636}, /* 階 阶 */
    {0x96A8, 0x968F}, /* 隨 随 */
    {0x96DC, 0x6742}, /* 雜 杂 */
    {0x9810, 0x9884}, /* 預 预 */
    {0x982D, 0x5934}, /* 頭 头 */
    {0x984C, 0x9898}, /* 題 题 */
    {0x985E, 0x7C7B}, /* 類 类 */
    {0x986F, 0x663E}, /* 顯 显 */
    {0x993E, 0x998F}, /* 餾 馏 */
    {0x9A57, 0x9A8C}, /* 驗 验 */
    {0x9AD4, 0x4F53}, /* 體 体 */
};

static int han_cmp(const void *key, const void *elt)
{
    unsigned k = *(const unsigned *)key;
    const struct han_pair *p = elt;
    return k < p->trad ? -1 : k > p->trad;
}

/* For each lead byte's low nibble, the second bytes (their low six bits)
 * that begin a character of han_pairs: most Han text has none, and is
 * passed over without a search. */
static const unsigned long long han_second[16] = {
    0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
    0x0000000000000000ULL, 0x4100000000000000ULL, 0x420380000020A939ULL,
    0x2507308012694080ULL, 0x01F0831002208014ULL, 0x100867C002010100ULL,
    0x00000A130EE03003ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
    0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
    0x0000000000000000ULL};

/* The three bytes at `u` (a character U+4000..U+9FFF) made simplified when
 * they are a traditional character of han_pairs. */
static void fold_han(unsigned char *u)
{
    unsigned cp = (unsigned)(u[0] & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 |
                  (unsigned)(u[2] & 0x3F);
    const struct han_pair *p;
    if (!(han_second[u[0] & 0x0F] >> (u[1] & 0x3F) & 1))
        return;
    p = bsearch(&cp, han_pairs, sizeof han_pairs / sizeof *han_pairs,
                sizeof *han_pairs, han_cmp);
    if (p) {
        u[0] = (unsigned char)(0xE0 | p->simp >> 12);
        u[1] = (unsigned char)(0x80 | (p->simp >> 6 & 0x3F));
        u[2] = (unsigned char)(0x80 | (p->simp & 0x3F));
    }
}

int pp_utf8_fold(char *str, size_t n)
{
    unsigned char *u = (unsigned char *)str;
    int odd = 0;
    for (size_t i = 0; i < n; i++) {
        if (u[i] < 0x80) {
            if (u[i] >= 'A' && u[i] <= 'Z')
                u[i] = (unsigned char)(u[i] + 0x20);
        } else if (u[i] == 0xD0 && i + 1 < n) {
            if (u[i + 1] >= 0x90 && u[i + 1] <= 0x9F) {
                u[i + 1] += 0x20; /* А-П -> а-п */
            } else if (u[i + 1] >= 0xA0 && u[i + 1] <= 0xAF) {
                u[i] = 0xD1;
                u[i + 1] -= 0x20; /* Р-Я -> р-я */
            } else if (u[i + 1] == 0x81) {
                u[i] = 0xD1;
                u[i + 1] = 0x91; /* Ё -> ё */
            }
            i++;
        } else if (u[i] >= 0xE4 && u[i] <= 0xE9 && i + 2 < n &&
                   (u[i + 1] & 0xC0) == 0x80 && (u[i + 2] & 0xC0) == 0x80) {
            fold_han(u + i);
            i += 2;
        } else if (u[i] == 0xC5 && i + 1 < n && u[i + 1] == 0xBF) {
            odd = 1; /* U+017F LONG S */
        } else if (u[i] == 0xE2 && i + 2 < n && u[i + 1] == 0x84 &&
                   u[i + 2] == 0xAA) {
            odd = 1; /* U+212A KELVIN SIGN */
        } else if (u[i] == 0xE1 && i + 2 < n && u[i + 1] == 0xB2 &&
                   u[i + 2] <= 0x88) {
            odd = 1; /* U+1C80..U+1C88 */
        }
    }
    return odd;
}
