// An Objective-C file of the synchronized folder: listed, not compiled on Linux.
#import <Foundation/Foundation.h>
