<?xml version="1.0" encoding="utf-8"?>
<!-- Makes {{rss}} and {{atom}} readable in a browser. Feed readers ignore it. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" exclude-result-prefixes="atom dc">
  <xsl:output method="html" encoding="utf-8" indent="yes" doctype-system="about:legacy-compat"/>

  <xsl:variable name="format">
    <xsl:choose>
      <xsl:when test="/atom:feed">Atom</xsl:when>
      <xsl:otherwise>RSS</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>

  <xsl:template match="/">
    <html lang="{{lang}}">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="robots" content="noindex"/>
        <title><xsl:value-of select="/rss/channel/title | /atom:feed/atom:title"/> (<xsl:value-of select="$format"/>-feed)</title>
        <link rel="stylesheet" href="{{css}}"/>
      </head>
      <body>
        <a class="skip-link" href="#hoofdinhoud">{{skipToContent}}</a>
        <header class="navbar">
          <div class="navbar-top">
            <a class="navbar-brand" href="/"><span class="navbar-title"><span class="navbar-site-name">{{name}}</span></span></a>
          </div>
        </header>
        <div class="page">
          <main id="hoofdinhoud" tabindex="-1">
            <div class="blog-page">
              <nav class="breadcrumbs" aria-label="{{breadcrumbs}}">
                <ol><li><a href="/">{{home}}</a></li><li><a href="{{blog}}">Blog</a></li><li><span aria-current="page"><xsl:value-of select="$format"/>-feed</span></li></ol>
              </nav>
              <h1><xsl:value-of select="/rss/channel/title | /atom:feed/atom:title"/></h1>
              <div class="banner banner-unlisted" role="note">
                <p>Dit is een <strong>webfeed</strong> (<xsl:value-of select="$format"/>). Met een feedlezer volg je hiermee de blog: kopieer het adres van deze pagina in je feedlezer en je ziet nieuwe berichten zodra ze verschijnen.</p>
                <p>Liever de blog zelf lezen? Ga naar <a href="{{blog}}">de blog</a>. Er zijn drie feeds met dezelfde berichten: <a href="{{rss}}">RSS</a>, <a href="{{atom}}">Atom</a> en <a href="{{json}}">JSON Feed</a>.</p>
              </div>
              <p class="lead"><xsl:value-of select="/rss/channel/description | /atom:feed/atom:subtitle"/></p>
              <h2>Berichten (<xsl:value-of select="count(/rss/channel/item | /atom:feed/atom:entry)"/>)</h2>
              <xsl:apply-templates select="/rss/channel/item | /atom:feed/atom:entry"/>
            </div>
          </main>
        </div>
      </body>
    </html>
  </xsl:template>

  <xsl:template match="item | atom:entry">
    <xsl:variable name="link" select="link | atom:link[not(@rel) or @rel = 'alternate']/@href"/>
    <article class="post-summary">
      <h3 class="post-title"><a href="{$link}"><xsl:call-template name="tekst"><xsl:with-param name="waarde" select="title | atom:title"/></xsl:call-template></a></h3>
      <div class="post-meta">
        <p class="post-date-line">
          <xsl:choose>
            <xsl:when test="atom:published">
              <time datetime="{substring(atom:published, 1, 10)}"><xsl:call-template name="datum-iso"><xsl:with-param name="iso" select="atom:published"/></xsl:call-template></time>
            </xsl:when>
            <xsl:otherwise>
              <xsl:call-template name="datum-rfc822"><xsl:with-param name="rfc" select="pubDate"/></xsl:call-template>
            </xsl:otherwise>
          </xsl:choose>
          <xsl:if test="dc:creator | atom:author">
            <span aria-hidden="true"> · </span>
            <span>
              <xsl:for-each select="dc:creator | atom:author/atom:name">
                <xsl:if test="position() &gt; 1">, </xsl:if>
                <xsl:value-of select="."/>
              </xsl:for-each>
            </span>
          </xsl:if>
        </p>
      </div>
      <p><xsl:call-template name="tekst"><xsl:with-param name="waarde" select="description | atom:summary"/></xsl:call-template></p>
      <xsl:if test="category | atom:category">
        <div class="tags-row">
          <span class="tags-label">{{tags}}</span>
          <ul class="tags">
            <xsl:for-each select="category | atom:category">
              <li><span class="tag"><xsl:choose><xsl:when test="@label"><xsl:value-of select="@label"/></xsl:when><xsl:otherwise><xsl:value-of select="."/></xsl:otherwise></xsl:choose></span></li>
            </xsl:for-each>
          </ul>
        </div>
      </xsl:if>
    </article>
  </xsl:template>

  <!-- Atom's titles and summaries are escaped HTML (type="html"): show them as the text they stand for. -->
  <xsl:template name="tekst">
    <xsl:param name="waarde"/>
    <xsl:choose>
      <xsl:when test="$waarde/@type = 'html'">
        <xsl:call-template name="vervang">
          <xsl:with-param name="s">
            <xsl:call-template name="vervang">
              <xsl:with-param name="s">
                <xsl:call-template name="vervang">
                  <xsl:with-param name="s">
                    <xsl:call-template name="vervang">
                      <xsl:with-param name="s" select="string($waarde)"/>
                      <xsl:with-param name="van" select="'&amp;lt;'"/><xsl:with-param name="naar" select="'&lt;'"/>
                    </xsl:call-template>
                  </xsl:with-param>
                  <xsl:with-param name="van" select="'&amp;gt;'"/><xsl:with-param name="naar" select="'&gt;'"/>
                </xsl:call-template>
              </xsl:with-param>
              <xsl:with-param name="van" select="'&amp;quot;'"/><xsl:with-param name="naar" select="'&quot;'"/>
            </xsl:call-template>
          </xsl:with-param>
          <xsl:with-param name="van" select="'&amp;amp;'"/><xsl:with-param name="naar" select="'&amp;'"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$waarde"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template name="vervang">
    <xsl:param name="s"/>
    <xsl:param name="van"/>
    <xsl:param name="naar"/>
    <xsl:choose>
      <xsl:when test="contains($s, $van)">
        <xsl:value-of select="substring-before($s, $van)"/><xsl:value-of select="$naar"/>
        <xsl:call-template name="vervang">
          <xsl:with-param name="s" select="substring-after($s, $van)"/>
          <xsl:with-param name="van" select="$van"/><xsl:with-param name="naar" select="$naar"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$s"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- 2024-05-02T00:00:00.000Z → 2 mei 2024 -->
  <xsl:template name="datum-iso">
    <xsl:param name="iso"/>
    <xsl:value-of select="number(substring($iso, 9, 2))"/>
    <xsl:text> </xsl:text>
    <xsl:call-template name="maand"><xsl:with-param name="nummer" select="number(substring($iso, 6, 2))"/></xsl:call-template>
    <xsl:text> </xsl:text>
    <xsl:value-of select="substring($iso, 1, 4)"/>
  </xsl:template>

  <!-- Thu, 02 May 2024 00:00:00 GMT → 2 mei 2024 -->
  <xsl:template name="datum-rfc822">
    <xsl:param name="rfc"/>
    <xsl:variable name="maanden" select="'JanFebMarAprMayJunJulAugSepOctNovDec'"/>
    <xsl:variable name="afkorting" select="substring($rfc, 9, 3)"/>
    <xsl:value-of select="number(substring($rfc, 6, 2))"/>
    <xsl:text> </xsl:text>
    <xsl:call-template name="maand"><xsl:with-param name="nummer" select="(string-length(substring-before($maanden, $afkorting)) div 3) + 1"/></xsl:call-template>
    <xsl:text> </xsl:text>
    <xsl:value-of select="substring($rfc, 13, 4)"/>
  </xsl:template>

  <xsl:template name="maand">
    <xsl:param name="nummer"/>
    <xsl:choose>
      <xsl:when test="$nummer = 1">januari</xsl:when>
      <xsl:when test="$nummer = 2">februari</xsl:when>
      <xsl:when test="$nummer = 3">maart</xsl:when>
      <xsl:when test="$nummer = 4">april</xsl:when>
      <xsl:when test="$nummer = 5">mei</xsl:when>
      <xsl:when test="$nummer = 6">juni</xsl:when>
      <xsl:when test="$nummer = 7">juli</xsl:when>
      <xsl:when test="$nummer = 8">augustus</xsl:when>
      <xsl:when test="$nummer = 9">september</xsl:when>
      <xsl:when test="$nummer = 10">oktober</xsl:when>
      <xsl:when test="$nummer = 11">november</xsl:when>
      <xsl:otherwise>december</xsl:otherwise>
    </xsl:choose>
  </xsl:template>
</xsl:stylesheet>
