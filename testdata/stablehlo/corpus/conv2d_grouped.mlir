#loc1 = loc("x.1")
#loc2 = loc("kg.1")
#loc3 = loc("kd.1")
module @jit attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<2x10x10x8xf32> loc("x.1"), %arg1: tensor<3x3x2x8xf32> loc("kg.1"), %arg2: tensor<3x3x1x8xf32> loc("kd.1")) -> (tensor<2x10x10x8xf32>, tensor<2x4x4x8xf32>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x10x10x8xf32>, tensor<3x3x2x8xf32>) -> tensor<2x10x10x8xf32> loc(#loc4)
    %1 = stablehlo.convolution(%arg0, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 8 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x10x10x8xf32>, tensor<3x3x1x8xf32>) -> tensor<2x4x4x8xf32> loc(#loc5)
    return %0, %1 : tensor<2x10x10x8xf32>, tensor<2x4x4x8xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc4 = loc("conv_general_dilated.2")
#loc5 = loc("conv_general_dilated.3")
